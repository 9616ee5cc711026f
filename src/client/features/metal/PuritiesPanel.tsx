import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WHOLE } from '../../../shared/decimal';
import type { KaratDto, PurityDto } from '../../../shared/metal-api';
import { puritySchema } from '../../../shared/schemas/metal';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { NumberNote, numberInput, useTypedNumbers } from '../../components/numberFields';
import { TableHead } from '../../components/TableHead';
import { firstError } from '../../components/validate';
import { useMetalFormat } from './format';
import { karatsRequested, karatUpdateRequested, puritiesRequested, purityUpdateRequested, selectKarats, selectMetal, selectPurities } from './slice';

function PurityRow({ purity }: { purity: PurityDto }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const { busy } = useAppSelector(selectMetal);
  const { read } = useTypedNumbers();
  const [milyem, setMilyem] = useState(String(purity.milyem));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setMilyem(String(purity.milyem)), [purity.milyem]);
  const typed = read(milyem, WHOLE);
  const label = fmt.purity(purity.metal, purity.ayar, purity.milyem);
  const save = () => {
    // A refused text says why under the field.
    if (typed.status === 'refused') return;
    const value = typed.status === 'read' ? typed.value : undefined;
    const invalid = firstError(puritySchema, { milyem: value });
    setError(invalid);
    if (!invalid && value !== undefined) dispatch(purityUpdateRequested({ id: purity.id, milyem: value }));
  };
  return (
    <tr>
      <td>{t(`metals.${purity.metal}`)}</td>
      <td>{purity.ayar ?? '-'}</td>
      <td>
        <form
          className="inline-edit"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <input
            {...numberInput(WHOLE)}
            aria-label={t('purities.milyemOf', { purity: label })}
            value={milyem}
            onChange={(event) => {
              setMilyem(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" disabled={busy || milyem.trim() === String(purity.milyem)}>
            {t('purities.save')}
          </button>
        </form>
        <NumberNote typed={typed} error={error} preview={milyem !== String(purity.milyem) ? (value) => String(value) : undefined} />
      </td>
    </tr>
  );
}

/** One karat option value and the purity it stands for, saved as soon as it is picked. */
function KaratRow({ karat, purities }: { karat: KaratDto; purities: readonly PurityDto[] }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const { busy } = useAppSelector(selectMetal);
  return (
    <tr>
      <td>{karat.value_name}</td>
      <td>
        <select
          aria-label={t('karats.purityOf', { value: karat.value_name })}
          disabled={busy}
          value={karat.purity_id ?? ''}
          onChange={(event) => dispatch(karatUpdateRequested({ optionValueId: karat.option_value_id, purityId: event.target.value ? Number(event.target.value) : null }))}
        >
          <option value="">{t('karats.none')}</option>
          {purities.map((p) => (
            <option key={p.id} value={p.id}>
              {fmt.purity(p.metal, p.ayar, p.milyem)}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}

/** Which purity each product karat stands for: a received piece of that karat brings its milyem to the receipt. */
function KaratsTable() {
  const { t } = useTranslation('metal');
  const dispatch = useAppDispatch();
  const { status, notice, data } = useAppSelector(selectKarats);
  const purities = useAppSelector(selectPurities).data;
  useEffect(() => {
    dispatch(karatsRequested());
  }, [dispatch]);
  return (
    <>
      <h3 id="karats-title">{t('karats.title')}</h3>
      <p className="hint">{t('karats.hint')}</p>
      <ListStatus status={status} notice={notice} count={data.length} empty={t('karats.empty')} />
      {data.length > 0 && (
        <table aria-labelledby="karats-title" className="narrow">
          <TableHead labels={[t('karats.value'), t('karats.purity')]} />
          <tbody>
            {data.map((karat) => (
              <KaratRow key={karat.option_value_id} karat={karat} purities={purities} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The ayar to milyem table; a change applies to vouchers written after it, never to earlier ones. */
export function PuritiesPanel() {
  const { t } = useTranslation('metal');
  const dispatch = useAppDispatch();
  const { status, notice, data } = useAppSelector(selectPurities);
  useEffect(() => {
    dispatch(puritiesRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="purities-title">
      <h2 id="purities-title">{t('purities.title')}</h2>
      <p className="hint">{t('purities.hint')}</p>
      <ListStatus status={status} notice={notice} count={data.length} empty={t('purities.empty')} />
      {data.length > 0 && (
        <table aria-label={t('purities.title')} className="narrow">
          <TableHead labels={[t('line.metal'), t('purities.ayar'), t('line.milyem')]} />
          <tbody>
            {data.map((purity) => (
              <PurityRow key={purity.id} purity={purity} />
            ))}
          </tbody>
        </table>
      )}
      <KaratsTable />
    </section>
  );
}
