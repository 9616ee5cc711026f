import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCatalogues, formatProblem } from './check';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'scripts', 'i18n-check.ts');

type Json = Record<string, unknown>;

const lines = (root: string) => checkCatalogues({ root }).problems.map(formatProblem);

test('the repository passes: every language agrees with Turkish and the code with the catalogues', () => {
  expect(lines(ROOT)).toEqual([]);
});

describe('a copy of the repository with one planted fault', () => {
  let copy: string;
  // What the repository itself reports (nothing, when the test above passes): a planted fault adds to it.
  let before: string[];
  const planted = () => lines(copy).filter((line) => !before.includes(line));
  beforeAll(() => {
    before = lines(ROOT);
  });
  beforeEach(() => {
    copy = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    cpSync(join(ROOT, 'locales'), join(copy, 'locales'), { recursive: true });
    // The code is only read, except by the test that plants a file in its own copy.
    symlinkSync(join(ROOT, 'src'), join(copy, 'src'), 'dir');
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  /** Rewrites one catalogue of the copy as a translator would, in the files' own 2-space style. */
  const edit = (file: string, change: (json: Json) => void) => {
    const path = join(copy, 'locales', file);
    const json = JSON.parse(readFileSync(path, 'utf8')) as Json;
    change(json);
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  };
  const inner = (json: Json, key: string) => json[key] as Json;

  test.each<[string, string, (json: Json) => void, string]>([
    ['a missing key', 'en/orders.json', (json) => delete inner(json, 'why').completed, 'locales/en/orders.json  why.completed  missing (tr has it)'],
    ['an extra key', 'en/common.json', (json) => (json.plantedExtra = 'Extra'), 'locales/en/common.json  plantedExtra  extra (tr has no such key)'],
    [
      'a placeholder difference',
      'en/errors.json',
      (json) => (json.unknownWorkshop = 'Workshop not found'),
      'locales/en/errors.json  unknownWorkshop  placeholders differ: {{id}} missing (tr: {{id}})',
    ],
    ['an empty value', 'en/common.json', (json) => (json.appName = ''), 'locales/en/common.json  appName  empty value'],
    [
      'an incomplete plural',
      'en/orders.json',
      (json) => delete inner(json, 'correction').orderLines_other,
      'locales/en/orders.json  correction.orderLines  plural forms _other missing (en needs _one, _other)',
    ],
  ])('%s fails with a line naming file, key and problem', (_, file, change, expected) => {
    edit(file, change);
    expect(planted()).toEqual([expected]);
  });

  test('a key no code uses fails, named once in the Turkish file', () => {
    edit('tr/common.json', (json) => (json.plantedUnused = 'Kullanılmıyor'));
    edit('en/common.json', (json) => (json.plantedUnused = 'Unused'));
    expect(planted()).toEqual(['locales/tr/common.json  plantedUnused  not used in code (delete it from every language)']);
  });

  test('code using an absent key, or leaving a placeholder unfilled, fails with the place in the code', () => {
    unlinkSync(join(copy, 'src'));
    cpSync(join(ROOT, 'src'), join(copy, 'src'), { recursive: true });
    mkdirSync(join(copy, 'src', 'client', 'planted'));
    writeFileSync(
      join(copy, 'src', 'client', 'planted', 'Planted.tsx'),
      [
        "import { useTranslation } from 'react-i18next';",
        'export function Planted() {',
        "  const { t } = useTranslation('orders');",
        "  const notice = { kind: 'error', key: 'errors:unknownStep' };",
        "  return <p title={String(notice)}>{t('plantedAbsent')} {t('errors:unknownWorkshop')} {t('why.completed', { id: 1 })}</p>;",
        '}',
        '',
      ].join('\n'),
    );
    expect(planted()).toEqual([
      'locales/tr/orders.json  plantedAbsent  missing, used in src/client/planted/Planted.tsx:5',
      'src/client/planted/Planted.tsx:4  errors:unknownStep  placeholder {{id}} not filled: "Üretim adımı bulunamadı: {{id}}"',
      'src/client/planted/Planted.tsx:5  errors:unknownWorkshop  placeholder {{id}} not filled: "Atölye bulunamadı: {{id}}"',
    ]);
  });

  test('every language names itself in language.json once Turkish does', () => {
    for (const language of ['tr', 'en']) rmSync(join(copy, 'locales', language, 'language.json'), { force: true });
    expect(planted()).toEqual([]);
    writeFileSync(join(copy, 'locales', 'tr', 'language.json'), '{\n  "name": "Türkçe"\n}\n');
    expect(planted()).toEqual(['locales/en/language.json  *  missing (tr has it): the language\'s name in its own language']);
    writeFileSync(join(copy, 'locales', 'en', 'language.json'), '{\n  "name": ""\n}\n');
    expect(planted()).toEqual(['locales/en/language.json  name  missing or empty: the language name shown in the language menu']);
  });

  test('a new language folder is found and measured against Turkish', () => {
    cpSync(join(copy, 'locales', 'en'), join(copy, 'locales', 'ru'), { recursive: true });
    edit('ru/orders.json', (json) => (inner(json, 'correction').orderLines_few = '{{count}} открытые строки заказа будут отменены.'));
    expect(planted()).toEqual([
      'locales/ru/gridViews.json  filters.applied  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  kinds.late_risk.body  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  kinds.late_risk.title  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  kinds.line_shipped.body  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  kinds.lines_assigned.body  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  kinds.lines_late.body  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  kinds.lines_moved_away.body  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  kinds.order_canceled.body  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  kinds.order_received.body  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  mail.digest.intro  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/notifications.json  mail.digest.subject  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/orders.json  correction.orderLines  plural forms _many missing (ru needs _one, _few, _many, _other)',
      'locales/ru/tickets.json  count  plural forms _few, _many missing (ru needs _one, _few, _many, _other)',
    ]);
  });

  test('the command exits 1 and names the fault on a planted problem, 0 with one OK line on the repository', () => {
    edit('en/orders.json', (json) => delete inner(json, 'why').completed);
    const failed = spawnSync(TSX, [CLI, '--root', copy], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('locales/en/orders.json  why.completed  missing (tr has it)\n');

    const passed = spawnSync(TSX, [CLI], { encoding: 'utf8' });
    expect(passed.status).toBe(0);
    expect(passed.stdout).toMatch(/^OK: .*\n$/);
  });
});
