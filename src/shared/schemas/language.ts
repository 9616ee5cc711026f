import { object } from 'yup';
import { text } from './fields';

/**
 * The body of PUT /api/v1/me/language: one of the product's languages, the folders of locales/
 * (the server lists them when it starts, so a new language needs no change here).
 */
export function languageSchema(languages: readonly string[]) {
  return object({
    language: text()
      .typeError('validation:languageUnknown')
      .required('validation:languageUnknown')
      .oneOf([...languages], 'validation:languageUnknown'),
  });
}
