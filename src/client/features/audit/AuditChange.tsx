import { useTranslation } from 'react-i18next';
import { SECRET_SET } from '../../../shared/audit';
import type { AuditEntryDto } from '../../../shared/api';
import { stepLabel } from '../../../shared/statuses';
import type { Formatters } from '../lookups';

/** The names behind an order line's ids, in the reader's language: its status, production step and quality control decision. */
export interface LineNames {
  status: Map<number, string>;
  step: Map<number, string>;
  qualityControl: Map<number, string>;
}

/** Fields that hold an amount, with the field of the entry naming its currency (an entry recorded before amounts kept one shows a bare number). */
const MONEY: Record<string, string> = { credit: 'credit_currency', price: 'currency', min_price: 'currency', max_price: 'currency' };
const CURRENCIES = new Set(Object.values(MONEY));

/** The currency an entry records beside its amounts. */
const currencyOf = (entry: AuditEntryDto, field: string): string | undefined => {
  const value = entry.after?.[field] ?? entry.before?.[field];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The fields an entry names, in order; an id is left out where the entry also names what it stands
 * for (role_id beside role_name), and a currency that only labels unchanged amounts.
 */
function fieldsOf(entry: AuditEntryDto): string[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const labelOnly = (key: string) => CURRENCIES.has(key) && entry.before !== null && entry.before[key] === entry.after?.[key];
  return keys.filter((key) => !(key.endsWith('_id') && keys.includes(`${key.slice(0, -3)}_name`)) && !labelOnly(key));
}

/**
 * An entry's changed fields, one per line: "field: before → after", or only the value for a record
 * that is new and for what only the after names (the reason of a correction).
 */
export function AuditChange({ entry, fmt, names }: { entry: AuditEntryDto; fmt: Formatters; names: LineNames }) {
  const { t } = useTranslation('audit');
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('values.none');
    if (value === SECRET_SET) return t('values.set');
    if (typeof value === 'number') {
      if (field === 'order_line_status_id') return names.status.get(value) ?? String(value);
      if (field === 'current_order_line_process') return stepLabel(value, (step) => names.step.get(step), t('orders:notStarted'));
      if (field === 'quality_control_id') return names.qualityControl.get(value) ?? String(value);
      if (field === 'product_gram') return fmt.gram(value);
      // A figure in the reader's notation ('62 → 12,5'); an id as it is.
      if (!field.endsWith('id') && !(field in MONEY)) return fmt.number(value);
    }
    if (field === 'steps' && Array.isArray(value)) {
      // An empty routing means the product follows the built-in process.
      if (value.length === 0) return t('values.builtInRouting');
      return value.map((step: { position_in_process: number; step_name: string }) => `${step.position_in_process}. ${step.step_name}`).join(', ');
    }
    if (field in MONEY && typeof value === 'number') return fmt.money(value, currencyOf(entry, MONEY[field]));
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
  return (
    <ul className="audit-change">
      {fieldsOf(entry).map((field) => (
        <li key={field}>
          <strong>{t(`fields.${field}`, { defaultValue: field })}</strong>
          {': '}
          {entry.before === null || !(field in entry.before)
            ? show(field, entry.after?.[field])
            : t('changed', { before: show(field, entry.before[field]), after: show(field, entry.after?.[field]) })}
        </li>
      ))}
    </ul>
  );
}
