import { Fragment, useEffect, useState } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FINE_GRAMS, GRAMS, readNumber, type TypedNumber, WHOLE } from '../../../shared/decimal';
import { FINE_PLACES, fineOf, fromUnits, GRAM_PLACES, toUnits } from '../../../shared/metal';
import type { RefiningLotDto } from '../../../shared/metal-api';
import { type RefiningLotInput, refiningLotSchema } from '../../../shared/schemas/metal';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { type Sentence, sentenceText } from '../../components/NoticeView';
import { NumberField, useTypedNumbers } from '../../components/numberFields';
import { firstError } from '../../components/validate';
import { Field, FormEnd } from '../../components/Field';
import { useMetalFormat } from './format';
import { refiningLotCreateRequested, refiningRequested, selectMetal, selectRefining } from './slice';
import { useBlankAfterWrite } from './blankAfterWrite';

interface Values {
  date: string;
  period_from: string;
  period_to: string;
  dust_g: string;
  assayed_milyem: string;
  recovered_fine_g: string;
  note: string;
}

/** The typed figures and the rule each is read by. */
const NUMBERS = { dust_g: GRAMS, assayed_milyem: WHOLE, recovered_fine_g: FINE_GRAMS } as const;

/** A figure as it is sent: a weight's exact decimal, a milyem's number; a refused text never gets here (the form says why first). */
const exact = (typed: TypedNumber) => (typed.status === 'read' ? typed.decimal : '');
const whole = (typed: TypedNumber) => (typed.status === 'read' ? typed.value : Number.NaN);

/** The lot as the server takes it, read in `language`: weights exactly as typed, an empty note left out. */
function lotInput(values: Values, language: string): RefiningLotInput {
  const read = (name: keyof typeof NUMBERS) => readNumber(values[name], NUMBERS[name], language);
  return {
    date: values.date,
    period_from: values.period_from,
    period_to: values.period_to,
    dust_g: exact(read('dust_g')),
    assayed_milyem: whole(read('assayed_milyem')),
    recovered_fine_g: exact(read('recovered_fine_g')),
    ...(values.note.trim() ? { note: values.note.trim() } : {}),
  };
}

/** The fine gold the dust holds by its assay, by the server's exact rule (shared/metal.ts); null while a figure is missing or wrong. */
export function assayedFine(dust: string, milyem: string, language: string): string | null {
  const dustTyped = readNumber(dust, NUMBERS.dust_g, language);
  const dustMg = dustTyped.status === 'read' ? toUnits(dustTyped.decimal, GRAM_PLACES) : null;
  const assay = whole(readNumber(milyem, NUMBERS.assayed_milyem, language));
  if (dustMg === null || !(assay >= 1 && assay <= 1000)) return null;
  return fromUnits(fineOf(dustMg, assay), FINE_PLACES);
}

function AssayPreview({ control }: { control: Control<Values> }) {
  const { t, i18n } = useTranslation('metal');
  const fmt = useMetalFormat();
  const [dust, milyem] = useWatch({ control, name: ['dust_g', 'assayed_milyem'] });
  const fine = assayedFine(dust, milyem, i18n.language);
  return (
    <dl className="facts line-preview" aria-live="polite">
      <div>
        <dt>{t('refining.assayedFine')}</dt>
        <dd data-figure="assayed">{fine ? fmt.grams(fine) : '-'}</dd>
      </div>
    </dl>
  );
}

/**
 * The admin's form for a refining lot. Its panel mounts it anew after each save, so it starts blank;
 * it shows the fine gold the dust holds by its assay before the lot is saved.
 */
function RefiningForm() {
  const { t, i18n } = useTranslation('metal');
  const fmt = useMetalFormat();
  const { refusal } = useTypedNumbers();
  const dispatch = useAppDispatch();
  const { busy } = useAppSelector(selectMetal);
  const blank = (): Values => ({ date: fmt.today(), period_from: '', period_to: '', dust_g: '', assayed_milyem: '', recovered_fine_g: '', note: '' });
  const { register, control, handleSubmit, reset } = useForm<Values>({ defaultValues: blank() });
  useBlankAfterWrite('lot', () => reset(blank()));
  const [error, setError] = useState<Sentence | null>(null);
  const submit = (values: Values) => {
    const refused = refusal(values, NUMBERS);
    const body = lotInput(values, i18n.language);
    const invalid = refused ?? firstError(refiningLotSchema, body) ?? (body.period_from > body.period_to ? 'metal:refining.periodBackwards' : null);
    setError(typeof invalid === 'string' ? { key: invalid } : invalid);
    if (!invalid) dispatch(refiningLotCreateRequested(body));
  };
  return (
    <section aria-labelledby="refining-form-title">
      <h3 id="refining-form-title">{t('refining.add')}</h3>
      <form noValidate className="card" onSubmit={handleSubmit(submit)}>
        <div className="metal-line-fields">
          <Field label={t('refining.date')}>{(id) => <input id={id} type="date" {...register('date')} />}</Field>
          <Field label={t('refining.periodFrom')}>{(id) => <input id={id} type="date" {...register('period_from')} />}</Field>
          <Field label={t('refining.periodTo')}>{(id) => <input id={id} type="date" {...register('period_to')} />}</Field>
          <NumberField control={control} name="dust_g" rule={NUMBERS.dust_g} label={t('refining.dustField')} preview={(_, decimal) => fmt.grams(decimal)} />
          <NumberField control={control} name="assayed_milyem" rule={NUMBERS.assayed_milyem} label={t('refining.milyem')} />
          <NumberField control={control} name="recovered_fine_g" rule={NUMBERS.recovered_fine_g} label={t('refining.recoveredField')} preview={(_, decimal) => fmt.grams(decimal)} />
          <Field label={t('refining.note')} className="wide">
            {(id) => <input id={id} autoComplete="off" {...register('note')} />}
          </Field>
        </div>
        <AssayPreview control={control} />
        <FormEnd error={error && sentenceText(t, error)} busy={busy} submit={t('refining.save')} />
      </form>
    </section>
  );
}

/** A lot's shares by workshop, or why it has none. */
function Shares({ lot }: { lot: RefiningLotDto }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  if (lot.shares.length === 0) return <p className="hint">{t('refining.noShares')}</p>;
  return (
    <table className="refining-shares" aria-label={t('refining.sharesOf', { number: lot.number })}>
      <TableHead labels={[t('refining.workshop'), t('refining.handled'), t('refining.share')]} />
      <tbody>
        {lot.shares.map((share) => (
          <tr key={share.workshop_id}>
            <td>{share.workshop_name}</td>
            <td className="figure">{fmt.grams(share.handled_g)}</td>
            <td className="figure">{fmt.grams(share.fine_g)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Refining lots (ramat): the dust sent to refining, its assay and the fine gold recovered, shared back to the
 * workshops by the net weight issued to each over the lot's period. The admin records lots; the
 * office reads them.
 */
export function RefiningPanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const { status, notice, data } = useAppSelector(selectRefining);
  useEffect(() => {
    dispatch(refiningRequested());
  }, [dispatch]);
  const columns = [t('refining.number'), t('refining.date'), t('refining.period'), t('refining.dust'), t('refining.milyem'), t('refining.assayedFine'), t('refining.recovered')];
  return (
    <section aria-labelledby="refining-title">
      <h2 id="refining-title">{t('refining.title')}</h2>
      <p className="hint">{t('refining.hint')}</p>
      <ListStatus status={status} notice={notice} count={data.length} empty={t('refining.empty')} />
      {data.length > 0 && (
        <div className="table-scroll">
          <table className="refining-lots" aria-label={t('refining.title')}>
            <TableHead labels={columns} />
            <tbody>
              {data.map((lot) => (
                <Fragment key={lot.id}>
                  <tr>
                    <td>{lot.number}</td>
                    <td>{fmt.day(lot.date)}</td>
                    <td>{t('refining.between', { from: fmt.day(lot.period_from), to: fmt.day(lot.period_to) })}</td>
                    <td className="figure">{fmt.grams(lot.dust_g)}</td>
                    <td>{lot.assayed_milyem}</td>
                    <td className="figure">{fmt.grams(lot.assayed_fine_g)}</td>
                    <td className="figure">{fmt.grams(lot.recovered_fine_g)}</td>
                  </tr>
                  <tr className="refining-detail">
                    <td colSpan={columns.length}>
                      {lot.note && <p className="hint">{t('refining.noteOf', { note: lot.note })}</p>}
                      <Shares lot={lot} />
                    </td>
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!readOnly && <RefiningForm />}
    </section>
  );
}
