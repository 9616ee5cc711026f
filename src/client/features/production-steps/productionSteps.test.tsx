import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type ProductionStepDto } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { formatDateTime } from '../../components/dates';
import { jsonResponse, mockFetch, renderApp, storeLogin } from '../../test-utils';
import { NOT_STARTED, stepLabel } from '../../../shared/statuses';
import { useLookups } from '../lookups';
import { ProductionStepsPanel } from '.';

const AT = '2026-11-20T09:00:00.000Z';
const SETTINGS = { settings: { system_email: 'a@b.c', phone: '1', time_zone: 'Europe/Istanbul', currency: 'TRY', gram_tolerance_percent: 10 } };
/* Two of the built-in steps, one renamed by the office, and one of the office's own. */
const CUTTING: ProductionStepDto = { id: 1, step_name: 'Kesim', description: 'Kalıptan kesim', built_in: 'cutting', created_at: AT };
const POLISHING: ProductionStepDto = { id: 3, step_name: 'Parlatma', description: '', built_in: 'polishing', created_at: AT };
const SETTING: ProductionStepDto = { id: 9, step_name: 'Taş mıhlama', description: 'Pırlanta', built_in: null, created_at: AT };

/* The sentence a change is answered with, by its key. */
const said = (key: string, text: string) => ({ message: text, message_key: { key, values: {} } });

type Answer = (method: string, url: string, body: unknown) => [number, unknown] | undefined;

const listed = (...steps: ProductionStepDto[]): [number, unknown] => [200, { production_steps: steps }];

/** The panel over a read of the steps answered with `read`; `answer` answers the changes. */
function openPanel(read: [number, unknown], answer?: Answer) {
  const calls = mockFetch((method, url, body) => {
    const own = answer?.(method, url, body);
    if (own) return own;
    if (method === 'GET' && url === API.productionSteps) return read;
    if (url === API.generalSettings) return [200, SETTINGS];
    return [404, { error: 'Kayıt bulunamadı.', code: 'NOT_FOUND' }];
  });
  return { ...renderApp(<ProductionStepsPanel />), calls, changes: () => calls.filter((call) => call.method !== 'GET') };
}

const table = () => screen.getByRole('table');
const cells = (name: string) => within(within(table()).getByText(name).closest('tr')!).getAllByRole('cell');

beforeEach(() => storeLogin(Role.Admin, 'Admin'));

test('loading first, then each step with its number, name, description (or a dash) and day; the built-in ones by the name the server keeps', async () => {
  let answer: (response: Response) => void = () => undefined;
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    if (String(url) === API.productionSteps) return new Promise<Response>((resolve) => (answer = resolve));
    return jsonResponse(200, SETTINGS);
  }) as typeof fetch;
  const { t } = renderApp(<ProductionStepsPanel />);
  expect(screen.getByRole('status')).toHaveTextContent(t('common:loading'));
  expect(screen.queryByRole('table')).not.toBeInTheDocument();

  answer(jsonResponse(200, { production_steps: [CUTTING, POLISHING, SETTING] }));
  await screen.findByRole('table');
  expect(screen.queryByText(t('common:loading'))).not.toBeInTheDocument();
  expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', t('steps:stepName'), t('steps:description'), t('steps:createdAt'), t('steps:actions')]);
  const day = formatDateTime(AT, 'tr', 'Europe/Istanbul');
  await waitFor(() => expect(cells('Kesim').slice(0, 4).map((cell) => cell.textContent)).toEqual(['1', 'Kesim', 'Kalıptan kesim', day]));
  // The polishing step as the office renamed it: no fixed word stands for a built-in step.
  expect(cells('Parlatma').slice(0, 3).map((cell) => cell.textContent)).toEqual(['3', 'Parlatma', '-']);
  expect(screen.queryByText('Cila')).not.toBeInTheDocument();
  expect(cells('Taş mıhlama').slice(0, 3).map((cell) => cell.textContent)).toEqual(['9', 'Taş mıhlama', 'Pırlanta']);
  for (const name of ['Kesim', 'Parlatma', 'Taş mıhlama']) {
    expect(screen.getByRole('button', { name: `${t('steps:edit')}: ${name}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${t('steps:delete')}: ${name}` })).toBeInTheDocument();
  }
});

test('no step yet: the empty sentence and no table; a failed read: its sentence, not the empty one', async () => {
  const { t, unmount } = openPanel(listed());
  expect(await screen.findByText(t('steps:empty'))).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  unmount();

  openPanel([500, {}]);
  expect(await screen.findByRole('alert')).toHaveTextContent(t('steps:loadFailed'));
  expect(screen.queryByText(t('steps:empty'))).not.toBeInTheDocument();
  expect(screen.queryByText(t('common:loading'))).not.toBeInTheDocument();
});

test('adding: a name is required, the typed text is sent trimmed, a failure keeps it, a success lists the step and empties the form', async () => {
  let refuse = true;
  const { t, changes } = openPanel(listed(CUTTING), (method, url, body) => {
    if (method !== 'POST' || url !== API.productionSteps) return undefined;
    if (refuse) return [500, {}];
    return [201, { production_step: { ...(body as object), id: 12, built_in: null, created_at: AT }, ...said('success:stepCreated', 'Üretim adımı eklendi.') }];
  });
  await screen.findByRole('table');
  const name = screen.getByLabelText(t('steps:stepName'));
  const description = screen.getByLabelText(t('steps:description'));
  const add = screen.getByRole('button', { name: t('steps:add') });

  fireEvent.click(add);
  expect(await screen.findByText(t('validation:stepNameRequired'))).toBeInTheDocument();
  expect(changes()).toEqual([]);

  fireEvent.change(name, { target: { value: '  Döküm ' } });
  fireEvent.change(description, { target: { value: ' Mum modelden ' } });
  fireEvent.click(add);
  expect(await screen.findByText(t('steps:createFailed'))).toHaveAttribute('role', 'alert');
  expect(screen.queryByText(t('validation:stepNameRequired'))).not.toBeInTheDocument();
  expect(name).toHaveValue('  Döküm ');
  expect(within(table()).queryByText('Döküm')).not.toBeInTheDocument();

  refuse = false;
  fireEvent.click(add);
  expect(await within(table()).findByText('Döküm')).toBeInTheDocument();
  expect(changes().map((call) => [call.method, call.url, call.body])).toEqual([
    ['POST', API.productionSteps, { step_name: 'Döküm', description: 'Mum modelden' }],
    ['POST', API.productionSteps, { step_name: 'Döküm', description: 'Mum modelden' }],
  ]);
  expect(cells('Döküm').slice(0, 3).map((cell) => cell.textContent)).toEqual(['12', 'Döküm', 'Mum modelden']);
  expect(screen.getByText(t('success:stepCreated'))).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await waitFor(() => expect(name).toHaveValue(''));
  expect(description).toHaveValue('');
});

test('renaming a built-in step in place: Escape leaves it, a save sends the new name to that step and closes the form on its answer', async () => {
  const { t, changes } = openPanel(listed(CUTTING, POLISHING), (method, url, body) =>
    method === 'PUT' && url === API.productionStep(3) ? [200, { production_step: { ...POLISHING, ...(body as object) }, ...said('success:stepUpdated', 'Üretim adımı güncellendi.') }] : undefined,
  );
  await screen.findByRole('table');
  const edit = () => fireEvent.click(screen.getByRole('button', { name: `${t('steps:edit')}: Parlatma` }));

  edit();
  let field = screen.getByLabelText(t('steps:stepNameFor', { name: 'Parlatma' }));
  expect(field).toHaveValue('Parlatma');
  fireEvent.change(field, { target: { value: 'Cila' } });
  fireEvent.keyDown(field, { key: 'Escape' });
  expect(screen.queryByLabelText(t('steps:stepNameFor', { name: 'Parlatma' }))).not.toBeInTheDocument();
  expect(within(table()).getByText('Parlatma')).toBeInTheDocument();

  edit();
  field = screen.getByLabelText(t('steps:stepNameFor', { name: 'Parlatma' }));
  fireEvent.change(field, { target: { value: ' Cila ' } });
  fireEvent.change(screen.getByLabelText(t('steps:descriptionFor', { name: 'Parlatma' })), { target: { value: 'Son parlatma' } });
  fireEvent.click(within(screen.getByRole('cell', { name: t('steps:editing', { name: 'Parlatma' }) })).getByRole('button', { name: t('steps:save') }));
  expect(await within(table()).findByText('Cila')).toBeInTheDocument();
  expect(changes().map((call) => [call.method, call.url, call.body])).toEqual([['PUT', API.productionStep(3), { step_name: 'Cila', description: 'Son parlatma' }]]);
  expect(cells('Cila').slice(0, 3).map((cell) => cell.textContent)).toEqual(['3', 'Cila', 'Son parlatma']);
  expect(screen.queryByRole('textbox', { name: t('steps:stepNameFor', { name: 'Cila' }) })).not.toBeInTheDocument();
  expect(screen.getByText(t('success:stepUpdated'))).toBeInTheDocument();
  // The other step is as it was, and the add form is untouched.
  expect(cells('Kesim')[1]).toHaveTextContent('Kesim');
  expect(screen.getByLabelText(t('steps:stepName'))).toHaveValue('');
});

test('deleting asks first; a step in use (a built-in one) stays with the server sentence, another goes', async () => {
  const { t, changes } = openPanel(listed(CUTTING, SETTING), (method, url) => {
    if (method !== 'DELETE') return undefined;
    if (url === API.productionStep(1)) {
      return [409, { error: 'Bu üretim adımı bir ürünün üretim sürecinde veya bir sipariş satırında kullanıldığı için silinemez.', code: 'STEP_IN_USE', message: { key: 'errors:stepInUse', values: {} } }];
    }
    return url === API.productionStep(9) ? [200, said('success:stepDeleted', 'Üretim adımı silindi.')] : undefined;
  });
  await screen.findByRole('table');
  const question = (name: string) => screen.queryByRole('group', { name: t('steps:confirmDelete', { name }) });

  fireEvent.click(screen.getByRole('button', { name: `${t('steps:delete')}: Kesim` }));
  fireEvent.click(within(question('Kesim')!).getByRole('button', { name: t('steps:cancel') }));
  expect(question('Kesim')).not.toBeInTheDocument();
  expect(changes()).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: `${t('steps:delete')}: Kesim` }));
  fireEvent.click(within(question('Kesim')!).getByRole('button', { name: t('steps:confirmYes') }));
  expect(await screen.findByRole('alert')).toHaveTextContent(t('errors:stepInUse'));
  expect(within(table()).getByText('Kesim')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: `${t('steps:delete')}: Taş mıhlama` }));
  fireEvent.click(within(question('Taş mıhlama')!).getByRole('button', { name: t('steps:confirmYes') }));
  await waitFor(() => expect(within(table()).queryByText('Taş mıhlama')).not.toBeInTheDocument());
  expect(screen.getByText(t('success:stepDeleted'))).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(changes().map((call) => [call.method, call.url])).toEqual([
    ['DELETE', API.productionStep(1)],
    ['DELETE', API.productionStep(9)],
  ]);
});

/** A line's step as every order screen labels it (the tablet, the grid, the history). */
function LineStep({ step }: { step: number }) {
  const { step: names } = useLookups();
  return <p aria-label={`line at ${step}`}>{stepLabel(step, (id) => names.get(id), 'not started')}</p>;
}

test('in English, a built-in step under its Turkish name reads in English on the steps screen and on a line; a renamed one and the office\'s own as named, the stored name edited as it is', async () => {
  mockFetch((_method, url) => (url === API.productionSteps ? listed(CUTTING, POLISHING, SETTING) : url === API.generalSettings ? [200, SETTINGS] : [200, {}]));
  const { t } = renderApp(
    <>
      <ProductionStepsPanel />
      <LineStep step={CUTTING.id} />
      <LineStep step={POLISHING.id} />
      <LineStep step={NOT_STARTED} />
    </>,
    '/',
    { language: 'en' },
  );
  await waitFor(() => expect(cells('Cutting').slice(0, 2).map((cell) => cell.textContent)).toEqual(['1', 'Cutting']));
  expect(screen.queryByText('Kesim')).not.toBeInTheDocument();
  expect(cells('Parlatma')[1]).toHaveTextContent('Parlatma');
  expect(cells('Taş mıhlama')[1]).toHaveTextContent('Taş mıhlama');
  expect(screen.getByLabelText(`line at ${CUTTING.id}`)).toHaveTextContent(/^Cutting$/);
  expect(screen.getByLabelText(`line at ${POLISHING.id}`)).toHaveTextContent(/^Parlatma$/);
  expect(screen.getByLabelText(`line at ${NOT_STARTED}`)).toHaveTextContent(/^not started$/);

  // The form edits the name the server keeps.
  fireEvent.click(screen.getByRole('button', { name: `${t('steps:edit')}: Cutting` }));
  expect(screen.getByLabelText(t('steps:stepNameFor', { name: 'Cutting' }))).toHaveValue('Kesim');
});

test('a name another step has is refused with the server sentence in the reader\'s language, the typed name kept', async () => {
  const refusal = { error: "'Kesim' adında bir üretim adımı zaten var; başka bir ad seçin.", code: 'STEP_NAME_TAKEN', message: { key: 'errors:stepNameTaken', values: { name: 'Kesim' } } };
  mockFetch((method, url) => {
    if (method === 'POST' && url === API.productionSteps) return [409, refusal];
    if (url === API.productionSteps) return listed(CUTTING);
    return url === API.generalSettings ? [200, SETTINGS] : [200, {}];
  });
  const { t } = renderApp(<ProductionStepsPanel />, '/', { language: 'en' });
  await screen.findByRole('table');
  fireEvent.change(screen.getByLabelText(t('steps:stepName')), { target: { value: 'KESİM' } });
  fireEvent.click(screen.getByRole('button', { name: t('steps:add') }));
  expect(await screen.findByRole('alert')).toHaveTextContent("A production step named 'Kesim' already exists; choose another name.");
  expect(screen.getByLabelText(t('steps:stepName'))).toHaveValue('KESİM');
});
