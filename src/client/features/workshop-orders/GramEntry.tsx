import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { GRAMS } from '../../../shared/decimal';
import { DEFAULT_GRAM_TOLERANCE_PERCENT, gramDeviates } from '../../../shared/lifecycle';
import { gramSchema } from '../../../shared/schemas/orders';
import { useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { firstError } from '../../components/validate';
import { NumberNote, numberInput, useTypedNumbers } from '../../components/numberFields';
import { useFormatters } from '../lookups';
import { selectGeneralSettings } from '../settings';

interface Props {
  line: OrderLineDto;
  busy: boolean;
  onSave: (gram: number) => void;
}

/**
 * The workshop weighs a piece at packing: the expected weight beside the field, what is typed read
 * as a scale's reading (a comma or a point before up to 3 decimals), and a confirmation that shows the value and, beyond the
 * tolerance, how far it is from the expected weight, before anything is saved. Entered again, the
 * gram corrects the workshop's own entry (until packing is approved).
 */
export function GramEntry({ line, busy, onSave }: Props) {
  const { t } = useTranslation('workshopOrders');
  const id = useId();
  const fmt = useFormatters();
  const { read } = useTypedNumbers();
  const tolerance = useAppSelector(selectGeneralSettings)?.gram_tolerance_percent ?? DEFAULT_GRAM_TOLERANCE_PERCENT;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const expected = line.expected_weight;
  const correcting = line.product_gram !== null;

  const reading = read(typed, GRAMS);
  const check = () => {
    // A refused text says why under the field.
    if (reading.status === 'refused') return;
    const value = reading.status === 'read' ? reading.value : undefined;
    const invalid = firstError(gramSchema, { product_gram: value });
    setError(invalid);
    if (!invalid) setConfirming(value as number);
  };
  const save = () => {
    if (confirming === null) return;
    onSave(confirming);
    setConfirming(null);
    setTyped('');
  };
  const deviation = confirming !== null && expected !== null && gramDeviates(confirming, expected, tolerance) ? Math.round((Math.abs(confirming - expected) / expected) * 100) : null;

  return (
    <div className="gram-entry">
      <label htmlFor={`${id}-gram`}>{correcting ? t('gramCorrectLabel') : t('gramLabel')}</label>
      <form
        className="inline-edit"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <input
          id={`${id}-gram`}
          {...numberInput(GRAMS)}
          value={typed}
          aria-describedby={`${id}-expected ${id}-note`}
          aria-invalid={error !== null || reading.status === 'refused'}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="big" disabled={busy}>
          {correcting ? t('gramCorrect') : t('gramSave')}
        </button>
      </form>
      <div id={`${id}-expected`} className="hint">
        {expected !== null ? t('gramExpected', { gram: fmt.gram(expected) }) : t('gramNoExpected')}
        {correcting && ` · ${t('gramEntered', { gram: fmt.gram(line.product_gram as number) })}`}
      </div>
      <NumberNote id={`${id}-note`} typed={reading} error={error} preview={(gram) => fmt.gram(gram)} />
      {confirming !== null && (
        <Modal title={t('gramConfirm.title')} onClose={() => setConfirming(null)}>
          <p className="confirm-value">{t('gramConfirm.value', { gram: fmt.gram(confirming) })}</p>
          {deviation !== null && (
            <p className="alert error" role="alert">
              {t('gramConfirm.deviates', { expected: fmt.gram(expected as number), percent: deviation, tolerance })}
            </p>
          )}
          <div className="toolbar">
            <button type="button" className="big secondary" onClick={() => setConfirming(null)}>
              {t('gramConfirm.cancel')}
            </button>
            <button type="button" className="big" onClick={save}>
              {t('gramConfirm.save')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
