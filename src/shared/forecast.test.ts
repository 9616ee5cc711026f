import { type ForecastLine, forecastOf, type StepMedians } from './forecast';
import { LineStatus, NOT_STARTED } from './statuses';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const hoursAfterNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

/** Medians by workshop and step, and over every workshop by step. */
function medians(at: Record<string, number>, anywhere: Record<number, number> = {}): StepMedians {
  return { at: (workshop, step) => at[`${workshop}/${step}`], anywhere: (step) => anywhere[step] };
}

const line = (patch: Partial<ForecastLine> = {}): ForecastLine => ({
  order_line_status_id: LineStatus.InProcess,
  current_order_line_process: 11,
  workshop_id: 1,
  closed: false,
  routing: [10, 11, 12],
  stepSince: hoursAfterNow(-3),
  production_expected_date: hoursAfterNow(48),
  delivery_to_office: null,
  canceled_at: null,
  ...patch,
});

test('the median at its workshop of the current step and each after it, less the hours spent at the current one', () => {
  const known = medians({ '1/10': 100, '1/11': 5, '1/12': 7 }, { 11: 50, 12: 50 });
  expect(forecastOf(line(), known, NOW)).toEqual({ forecast_date: hoursAfterNow(5 - 3 + 7), late_risk: false });
  // Longer at its step than the median: the step counts for nothing, never less.
  expect(forecastOf(line({ stepSince: hoursAfterNow(-9) }), known, NOW).forecast_date).toBe(hoursAfterNow(7));
  // Not started: every step of the routing, nothing spent.
  expect(forecastOf(line({ current_order_line_process: NOT_STARTED, order_line_status_id: LineStatus.Waiting, stepSince: null }), known, NOW).forecast_date).toBe(hoursAfterNow(112));
});

test('a step without history at its workshop takes every workshop’s median; a line without a workshop takes those alone', () => {
  const known = medians({ '1/11': 5 }, { 11: 20, 12: 30 });
  expect(forecastOf(line(), known, NOW).forecast_date).toBe(hoursAfterNow(5 - 3 + 30));
  expect(forecastOf(line({ workshop_id: null }), known, NOW).forecast_date).toBe(hoursAfterNow(20 - 3 + 30));
});

test('a step without any history gives the expected date, not at risk; without one, no forecast', () => {
  const known = medians({ '1/11': 5 }, { 11: 5 });
  expect(forecastOf(line(), known, NOW)).toEqual({ forecast_date: hoursAfterNow(48), late_risk: false });
  expect(forecastOf(line({ production_expected_date: null }), known, NOW)).toEqual({ forecast_date: null, late_risk: false });
  // No routing at all: nothing to count.
  expect(forecastOf(line({ routing: [], current_order_line_process: NOT_STARTED }), known, NOW).forecast_date).toBe(hoursAfterNow(48));
});

test('at risk when the forecast passes the expected date and the line is not late yet', () => {
  const slow = medians({ '1/11': 40, '1/12': 40 });
  expect(forecastOf(line(), slow, NOW)).toEqual({ forecast_date: hoursAfterNow(77), late_risk: true });
  // Already late: the late rule says so, not the risk.
  expect(forecastOf(line({ production_expected_date: hoursAfterNow(-1) }), slow, NOW).late_risk).toBe(false);
  expect(forecastOf(line({ production_expected_date: hoursAfterNow(100) }), slow, NOW).late_risk).toBe(false);
});

test('a line that reached the office forecasts that day and risks nothing; a closed line has no forecast', () => {
  const delivered = hoursAfterNow(-10);
  expect(forecastOf(line({ order_line_status_id: LineStatus.QualityControl, delivery_to_office: delivered, production_expected_date: hoursAfterNow(-20) }), medians({}), NOW)).toEqual({
    forecast_date: delivered,
    late_risk: false,
  });
  expect(forecastOf(line({ closed: true }), medians({ '1/11': 5, '1/12': 7 }), NOW)).toEqual({ forecast_date: null, late_risk: null });
});
