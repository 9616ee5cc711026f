import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { GRAMS } from '../../../shared/decimal';
import { DEFAULT_GRAM_TOLERANCE_PERCENT, gramDeviates } from '../../../shared/lifecycle';
import { gramSchema } from '../../../shared/schemas/orders';
import { useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { type Sentence, sentenceText } from '../../components/NoticeView';
import { NumberNote, numberInput, useTypedNumbers } from '../../components/numberFields';
import { firstError } from '../../components/validate';
import { useFormatters } from '../lookups';
import { selectGeneralSettings, useGramCheck } from '../settings';

/** A gram to confirm; `question` when it is far from the expected weight (its save is the person's yes). */
interface Confirming {
  gram: number;
  question: Sentence | null;
}

interface Props {
  line: OrderLineDto;
  busy: boolean;
  /** The server's question about a gram sent (409 GRAM_CONFIRM): asked in the same dialog. */
  asked: Confirming | null;
  onSave: (gram: number, confirmed: boolean) => void;
  onDecline: () => void;
}

/**
 * The workshop weighs a piece at packing: the expected weight beside the field, what is typed read
 * as a scale's reading (a comma or a point before up to 3 decimals), and a confirmation that shows
 * the value and, beyond the tolerance, how far it is from the expected weight, before anything is
 * saved. A gram beyond the confirm band is asked about in words, one beyond the hard bound refused
 * (settings). Entered again, the gram corrects the workshop's own entry (until packing is approved).
 */
export function GramEntry({ line, busy, asked, onSave, onDecline }: Props) {
  const { t, i18n } = useTranslation('workshopOrders');
  const id = useId();
  const fmt = useFormatters();
  const { read } = useTypedNumbers();
  const gramCheck = useGramCheck();
  const tolerance = useAppSelector(selectGeneralSettings)?.gram_tolerance_percent ?? DEFAULT_GRAM_TOLERANCE_PERCENT;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<Sentence | null>(null);
  const [local, setLocal] = useState<Confirming | null>(null);
  const expected = line.expected_weight;
  const correcting = line.product_gram !== null;
  const confirming = local ?? asked;

  const reading = read(typed, GRAMS);
  const check = () => {
    // A refused text says why under the field.
    if (reading.status === 'refused') return;
    const value = reading.status === 'read' ? reading.value : undefined;
    const invalid = firstError(gramSchema, { product_gram: value });
    if (invalid) {
      setError({ key: invalid });
      return;
    }
    const { verdict, sentence } = gramCheck(value as number, expected);
    setError(verdict === 'refused' ? sentence : null);
    if (verdict !== 'refused') setLocal({ gram: value as number, question: sentence });
  };
  const save = () => {
    if (confirming === null) return;
    onSave(confirming.gram, confirming.question !== null);
    setLocal(null);
    setTyped('');
  };
  const cancel = () => (local ? setLocal(null) : onDecline());
  const deviation = confirming !== null && expected !== null && gramDeviates(confirming.gram, expected, tolerance) ? Math.round((Math.abs(confirming.gram - expected) / expected) * 100) : null;
  // The question of a gram beyond the confirm band says more than the tolerance's deviation.
  const warning = confirming?.question
    ? sentenceText(t, confirming.question, i18n.language)
    : deviation !== null && t('gramConfirm.deviates', { expected: fmt.gram(expected as number), percent: deviation, tolerance });

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
        <Modal title={t('gramConfirm.title')} onClose={cancel}>
          <p className="confirm-value">{t('gramConfirm.value', { gram: fmt.gram(confirming.gram) })}</p>
          {warning && (
            <p className="alert error" role="alert">
              {warning}
            </p>
          )}
          <div className="toolbar">
            <button type="button" className="big secondary" onClick={cancel}>
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
