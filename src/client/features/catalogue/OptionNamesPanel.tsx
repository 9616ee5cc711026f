import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPTION_FIELDS, type OptionField, type OptionNames, optionNamesSchema } from '../../../shared/schemas/catalogue';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { TextField } from '../../components/fields';
import { firstError } from '../../components/validate';
import { optionNamesRequested, optionNamesSaveRequested, selectOptionNames } from './slice';

const asText = (names: OptionNames) => Object.fromEntries(OPTION_FIELDS.map((field) => [field, names[field].join(', ')])) as Record<OptionField, string>;
const asNames = (text: Record<OptionField, string>) =>
  Object.fromEntries(OPTION_FIELDS.map((field) => [field, text[field].split(',').map((name) => name.trim()).filter(Boolean)])) as OptionNames;

/** Settings: which of a shop's option names fill a product's material, chain length, size, colour and karat (comma-separated). */
export function OptionNamesPanel() {
  const { t } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const { names, saving, notice } = useAppSelector(selectOptionNames);
  const [text, setText] = useState<Record<OptionField, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    dispatch(optionNamesRequested());
  }, [dispatch]);
  useEffect(() => {
    if (names) setText(asText(names));
  }, [names]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!text) return;
    const edited = asNames(text);
    const invalid = firstError(optionNamesSchema, edited);
    setError(invalid);
    if (!invalid) dispatch(optionNamesSaveRequested(edited));
  };
  return (
    <section className="card narrow" aria-labelledby="option-names-title">
      <h2 id="option-names-title">{t('optionNames.title')}</h2>
      <p className="hint">{t('optionNames.hint')}</p>
      <NoticeView notice={error ? { kind: 'error', key: error } : notice} />
      {text && (
        <form noValidate onSubmit={save}>
          {OPTION_FIELDS.map((field) => (
            <TextField key={field} label={t(`optionNames.fields.${field}`)} value={text[field]} onChange={(event) => setText({ ...text, [field]: event.target.value })} />
          ))}
          <button type="submit" className="submit" disabled={saving}>
            {t('optionNames.save')}
          </button>
        </form>
      )}
    </section>
  );
}
