import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type OrderLineDto } from '../../../shared/api';
import { mockFetch, renderApp, storeLogin } from '../../test-utils';
import { selectGeneralSettings } from '../settings';
import { GramEntry } from './GramEntry';

const LINE = { id: 4, product_gram: null, expected_weight: 12 } as unknown as OrderLineDto;

beforeEach(() => {
  storeLogin(3, 'Atölye');
  mockFetch((_method, url) => (url === API.generalSettings ? [200, { settings: { system_email: 'a@b.c', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 } }] : [200, {}]));
});

test("a gram is read as a scale's reading, a point or a comma before up to three decimals, and shown as it will be saved before the confirmation", async () => {
  const onSave = jest.fn();
  const { t, store } = renderApp(<GramEntry line={LINE} busy={false} onSave={onSave} />);
  // The tolerance it compares with has come.
  await waitFor(() => expect(selectGeneralSettings(store.getState())).toBeTruthy());
  const field = screen.getByLabelText(t('workshopOrders:gramLabel'));
  const save = screen.getByRole('button', { name: t('workshopOrders:gramSave') });
  for (const [typed, refusal] of [
    ['1.234,5', t('validation:weightGrouped', { suggestion: '1234,5' })],
    ['12,3456', t('validation:numberDecimals', { places: 3 })],
    ['on iki', t('validation:numberUnreadable', { example: '12,345' })],
  ]) {
    fireEvent.change(field, { target: { value: typed } });
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    fireEvent.click(save);
    expect(screen.queryByRole('dialog')).toBeNull();
  }
  fireEvent.change(field, { target: { value: '12.345' } });
  expect(screen.getByText('Kaydedilecek: 12,345 g')).toBeInTheDocument();
  fireEvent.click(save);
  const dialog = screen.getByRole('dialog', { name: t('workshopOrders:gramConfirm.title') });
  expect(dialog).toHaveTextContent(t('workshopOrders:gramConfirm.value', { gram: '12,345 g' }));
  fireEvent.click(within(dialog).getByRole('button', { name: t('workshopOrders:gramConfirm.save') }));
  expect(onSave.mock.calls).toEqual([[12.345]]);
});
