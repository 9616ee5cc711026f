import { useEffect, useMemo, useState } from 'react';
import { type Control, useFieldArray, useForm, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ReceivablePieceDto, VoucherSummaryDto } from '../../../shared/metal-api';
import { LINE_KINDS, METALS, VOUCHER_TYPES, type VoucherInput, voucherSchema, type VoucherType } from '../../../shared/schemas/metal';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView, type Sentence, sentenceText } from '../../components/NoticeView';
import { NumberField, useTypedNumbers } from '../../components/numberFields';
import { firstError } from '../../components/validate';
import { stepsRequested } from '../production-steps';
import { Field, FormEnd } from '../../components/Field';
import { StepOptions, WorkshopOptions } from './options';
import { useMetalFormat } from './format';
import { emptyLine, LINE_NUMBERS, lineInput, linePreview, type TypedLine } from './lines';
import { puritiesRequested, receivableRequested, selectMetal, selectPurities, selectReceivable, selectVouchers, voucherCreateRequested } from './slice';
import { useBlankAfterWrite } from './blankAfterWrite';

interface Values {
  type: VoucherType;
  workshop_id: string;
  date: string;
  note: string;
  /** The issue a receipt settles, or empty. */
  settles_id: string;
  lines: TypedLine[];
}

/** A workshop's issues a receipt may settle: confirmed, not reversals, not reversed themselves (as the server checks). */
function useSettleableIssues(workshopId: number): VoucherSummaryDto[] {
  const vouchers = useAppSelector(selectVouchers).data;
  return useMemo(() => {
    const reversed = new Set(vouchers.flatMap((v) => (v.reverses_id === null ? [] : [v.reverses_id])));
    return vouchers.filter((v) => v.workshop_id === workshopId && v.type === 'issue' && v.status === 'confirmed' && v.reverses_id === null && !reversed.has(v.id));
  }, [vouchers, workshopId]);
}

/** Net and fine of a line as it is typed, before anything is saved. */
function LinePreview({ control, index }: { control: Control<Values>; index: number }) {
  const { t, i18n } = useTranslation('metal');
  const fmt = useMetalFormat();
  const line = useWatch({ control, name: `lines.${index}` });
  const figures = line ? linePreview(line, i18n.language) : null;
  return (
    <dl className="facts line-preview" aria-live="polite">
      <div>
        <dt>{t('line.net')}</dt>
        <dd data-figure="net">{figures ? fmt.grams(figures.net_g) : '-'}</dd>
      </div>
      <div>
        <dt>{t('line.fine')}</dt>
        <dd data-figure="fine">{figures ? fmt.grams(figures.fine_g) : '-'}</dd>
      </div>
    </dl>
  );
}

/** One line's fields: what it is, its purity (picked or typed), its weights and what it concerns. */
function LineFields({ index, control, register, setMilyem, onRemove }: {
  index: number;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  setMilyem: (milyem: string) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const purities = useAppSelector(selectPurities).data;
  const [metal, milyem] = useWatch({ control, name: [`lines.${index}.metal`, `lines.${index}.milyem`] });
  const offered = purities.filter((p) => p.metal === metal);
  const picked = offered.find((p) => String(p.milyem) === milyem.trim());
  const field = (name: keyof TypedLine) => `lines.${index}.${name}` as const;
  return (
    <fieldset className="metal-line">
      <legend>{t('form.line', { n: index + 1 })}</legend>
      <div className="metal-line-fields">
        <Field label={t('line.kind')}>
          {(id) => (
            <select id={id} {...register(field('kind'))}>
              {LINE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('line.metal')}>
          {(id) => (
            <select id={id} {...register(field('metal'))}>
              {METALS.map((m) => (
                <option key={m} value={m}>
                  {t(`metals.${m}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('line.purity')}>
          {(id) => (
            <select id={id} value={picked ? String(picked.milyem) : ''} onChange={(event) => setMilyem(event.target.value)}>
              <option value="">{t('form.pickPurity')}</option>
              {offered.map((p) => (
                <option key={p.id} value={p.milyem}>
                  {fmt.purity(p.metal, p.ayar, p.milyem)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <NumberField control={control} name={field('milyem')} rule={LINE_NUMBERS.milyem} label={t('line.milyem')} />
        <NumberField control={control} name={field('gross_g')} rule={LINE_NUMBERS.gross_g} label={t('line.gross')} preview={(_, decimal) => fmt.grams(decimal)} />
        <NumberField control={control} name={field('stone_ct')} rule={LINE_NUMBERS.stone_ct} label={t('line.stones')} preview={(_, decimal) => fmt.carats(decimal)} />
        <NumberField control={control} name={field('other_g')} rule={LINE_NUMBERS.other_g} label={t('line.other')} preview={(_, decimal) => fmt.grams(decimal)} />
        <Field label={t('line.step')}>
          {(id) => (
            <select id={id} {...register(field('step_id'))}>
              <option value="">{t('form.noStep')}</option>
              <StepOptions />
            </select>
          )}
        </Field>
        <NumberField control={control} name={field('order_product_id')} rule={LINE_NUMBERS.order_product_id} label={t('line.orderLine')} />
      </div>
      <div className="toolbar">
        <LinePreview control={control} index={index} />
        {onRemove && (
          <button type="button" className="secondary" onClick={onRemove}>
            {t('form.removeLine')}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/**
 * The workshop's pieces a receipt may take, each a finished line when ticked: at the tablet's gram,
 * or for a piece canceled before it was weighed, with its weight to type.
 */
function ReceivablePieces({ chosen, onToggle }: { chosen: ReadonlySet<number>; onToggle: (piece: ReceivablePieceDto, on: boolean) => void }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const { status, notice, data, workshopId } = useAppSelector(selectReceivable);
  if (workshopId === null) return null;
  return (
    <fieldset>
      <legend>{t('form.receivable')}</legend>
      <NoticeView notice={notice} />
      {status === 'loading' && <p role="status">{t('common:loading')}</p>}
      {status === 'ready' && data.length === 0 && <p className="hint">{t('form.noReceivable')}</p>}
      {data.map((piece) => (
        <label key={piece.order_product_id} className="choice">
          <input type="checkbox" checked={chosen.has(piece.order_product_id)} onChange={(event) => onToggle(piece, event.target.checked)} />
          {t(piece.canceled_at ? 'form.pieceCanceled' : 'form.piece', {
            product: piece.product_title,
            order: piece.order_number ?? piece.order_product_id,
            line: piece.order_product_id,
            gross: piece.gross_g === null ? t('form.toWeigh') : fmt.grams(piece.gross_g),
          })}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The new voucher form: the admin writes an issue or a receipt, and it starts blank again once the
 * voucher is written. Weights are sent exactly as typed (their
 * decimal strings); each line shows the net and fine the server will write before it is saved.
 */
export function VoucherForm() {
  const { t, i18n } = useTranslation('metal');
  const fmt = useMetalFormat();
  const { write, refusal } = useTypedNumbers();
  const dispatch = useAppDispatch();
  const { busy } = useAppSelector(selectMetal);
  const blank = (): Values => ({ type: 'issue', workshop_id: '', date: fmt.today(), note: '', settles_id: '', lines: [emptyLine()] });
  const { register, control, handleSubmit, setValue, getValues, reset } = useForm<Values>({ defaultValues: blank() });
  useBlankAfterWrite('voucher', () => reset(blank()));
  const lines = useFieldArray({ control, name: 'lines' });
  const [type, workshopId] = useWatch({ control, name: ['type', 'workshop_id'] });
  const [error, setError] = useState<Sentence | null>(null);
  const settleable = useSettleableIssues(Number(workshopId));
  useEffect(() => {
    dispatch(puritiesRequested());
    dispatch(stepsRequested());
  }, [dispatch]);
  // A receipt offers the chosen workshop's weighed pieces.
  useEffect(() => {
    if (type === 'receipt' && Number(workshopId) > 0) dispatch(receivableRequested(Number(workshopId)));
  }, [type, workshopId, dispatch]);
  // The ticked pieces are read from the form's values as this render sees them: a tick re-renders
  // the field array at once, while the watched copy catches up a render later, and the checkbox
  // would show unticked in between. The watch still re-renders on a typed order line.
  useWatch({ control, name: 'lines' });
  const chosen = new Set(getValues('lines').flatMap((line) => (line.kind === 'finished' && line.order_product_id ? [Number(line.order_product_id)] : [])));
  const togglePiece = (piece: ReceivablePieceDto, on: boolean) => {
    const current = getValues('lines');
    if (on) {
      // A piece whose karat stands for a purity brings its milyem.
      const line = { ...emptyLine(), kind: 'finished', milyem: piece.milyem ? String(piece.milyem) : '', gross_g: piece.gross_g === null ? '' : write(piece.gross_g, LINE_NUMBERS.gross_g), order_product_id: String(piece.order_product_id) };
      // The first line, still empty, takes the piece instead of staying blank.
      if (current.length === 1 && !current[0].gross_g.trim()) lines.replace([line]);
      else lines.append(line);
    } else {
      const at = current.findIndex((line) => line.order_product_id === String(piece.order_product_id));
      if (at >= 0) lines.remove(at);
    }
  };
  const submit = (values: Values) => {
    // A figure refused as typed says why beside its field, and first here.
    const refused = values.lines.map((line) => refusal(line, LINE_NUMBERS)).find((found) => found !== null);
    if (refused) {
      setError(refused);
      return;
    }
    // A choice left over from another workshop, or kept on an issue, is not sent.
    const settles = values.type === 'receipt' ? settleable.find((v) => String(v.id) === values.settles_id) : undefined;
    const body: VoucherInput = {
      type: values.type,
      workshop_id: Number(values.workshop_id),
      date: values.date,
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
      ...(settles ? { settles_id: settles.id } : {}),
      lines: values.lines.map((line) => lineInput(line, i18n.language)),
    };
    const invalid = firstError(voucherSchema, body) ?? (body.lines.length === 0 ? 'errors:voucherLinesRequired' : null);
    setError(invalid ? { key: invalid } : null);
    if (!invalid) dispatch(voucherCreateRequested(body));
  };
  return (
    <section aria-labelledby="voucher-form-title">
      <h2 id="voucher-form-title">{t('form.title')}</h2>
      <form noValidate className="card voucher-form" onSubmit={handleSubmit(submit)}>
        <div className="metal-line-fields">
          <Field label={t('form.type')}>
            {(id) => (
              <select id={id} {...register('type')}>
                {VOUCHER_TYPES.map((v) => (
                  <option key={v} value={v}>
                    {t(`types.${v}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('form.workshop')}>
            {(id) => (
              <select id={id} {...register('workshop_id')}>
                <option value="">{t('form.pickWorkshop')}</option>
                <WorkshopOptions />
              </select>
            )}
          </Field>
          <Field label={t('form.date')}>
            {(id) => <input id={id} type="date" {...register('date')} />}
          </Field>
          <Field label={t('form.note')} className="wide">
            {(id) => <input id={id} autoComplete="off" {...register('note')} />}
          </Field>
        </div>
        {type === 'receipt' && Number(workshopId) > 0 && (
          <div className="metal-line-fields">
            <Field label={t('form.settles')} className="wide">
              {(id) => (
                <select id={id} {...register('settles_id')}>
                  <option value="">{t('form.settlesNone')}</option>
                  {settleable.map((v) => (
                    <option key={v.id} value={v.id}>
                      {t('form.settlesOption', { number: v.number, date: fmt.day(v.date) })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        )}
        {type === 'receipt' && Number(workshopId) > 0 && <ReceivablePieces chosen={chosen} onToggle={togglePiece} />}
        {lines.fields.map((line, index) => (
          <LineFields
            key={line.id}
            index={index}
            control={control}
            register={register}
            setMilyem={(milyem) => setValue(`lines.${index}.milyem`, milyem)}
            onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
          />
        ))}
        <FormEnd error={error && sentenceText(t, error)} busy={busy} submit={t('form.save')}>
          <button type="button" className="secondary" onClick={() => lines.append(emptyLine())}>
            {t('form.addLine')}
          </button>
        </FormEnd>
      </form>
    </section>
  );
}
