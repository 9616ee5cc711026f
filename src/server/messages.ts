import errors from '../../locales/tr/errors.json';
import success from '../../locales/tr/success.json';
import validation from '../../locales/tr/validation.json';

/*
 * The server answers in Turkish, the product's default language, using the same catalogues
 * the client translates from, so a sentence is written once: refusals in errors and validation,
 * the sentences of a done request in success.
 */
const catalogues: Record<string, Record<string, string>> = { errors, success, validation };

export type MessageParams = Record<string, string | number>;

/** `errors:unknownUser` + {id: 7} -> the Turkish sentence; an unknown key is returned as is. */
export function message(key: string, params: MessageParams = {}): string {
  const [ns, name] = key.includes(':') ? key.split(':', 2) : ['errors', key];
  const text = catalogues[ns]?.[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, param: string) => (param in params ? String(params[param]) : whole));
}
