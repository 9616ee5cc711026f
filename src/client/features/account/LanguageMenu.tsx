import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../shared/locale';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { languageName, languageNames } from '../../app/languages';
import { NoticeView } from '../../components/NoticeView';
import { languageChosen, selectLanguage } from './language';

/** Every language by its name in itself; a choice switches the screens and is saved to the account. */
export function LanguageMenu({ id }: { id?: string }) {
  const { t, i18n } = useTranslation('common');
  const dispatch = useAppDispatch();
  const codes = Object.keys(languageNames());
  const shown = i18n.language;
  // A language not in the list (the pseudo-language of a `?lng=` look) is still named while shown.
  const options = codes.includes(shown) ? codes : [...codes, shown];
  return (
    <select
      id={id}
      className="language-menu"
      aria-label={id ? undefined : t('language.menu')}
      value={shown}
      onChange={(event) => dispatch(languageChosen(event.target.value))}
    >
      {options.map((code) => (
        <option key={code} value={code} lang={intlLocale(code)}>
          {languageName(code)}
        </option>
      ))}
    </select>
  );
}

/** The account panel's language section, with what became of the last choice's save. */
export function LanguageCard() {
  const { t } = useTranslation('common');
  const { notice } = useAppSelector(selectLanguage);
  return (
    <section className="card narrow" aria-labelledby="language-title">
      <h2 id="language-title">{t('language.title')}</h2>
      <NoticeView notice={notice} />
      <label htmlFor="account-language">{t('language.menu')}</label>
      <LanguageMenu id="account-language" />
      <p className="hint">{t('language.hint')}</p>
    </section>
  );
}
