import errors from '../../locales/tr/errors.json';
import success from '../../locales/tr/success.json';
import validation from '../../locales/tr/validation.json';
import type { ApiErrorBody, SaidBody } from '../shared/api';

/*
 * The server answers in Turkish, the product's default language, using the same catalogues
 * the client translates from, so a sentence is written once: refusals in errors and validation,
 * the sentences of a done request in success. Each answer also names the sentence's key and
 * values, so a client showing another language translates it rather than showing Turkish.
 */
const catalogues: Record<string, Record<string, string>> = { errors, success, validation };

export type MessageParams = Record<string, string | number>;

/** `errors:unknownUser` + {id: 7} -> the Turkish sentence; an unknown key is returned as is. */
export function message(key: string, params: MessageParams = {}): string {
  const [ns, name] = key.includes(':') ? key.split(':', 2) : ['errors', key];
  const text = catalogues[ns]?.[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, param: string) => (param in params ? String(params[param]) : whole));
}

/** The sentence of a done request as an answer carries it: `{message, message_key}`, spread into the answer. */
export function said(key: string, params: MessageParams = {}): SaidBody {
  return { message: message(key, params), message_key: { key, values: params } };
}

/** The body of a refusal: `{error, code, message: {key, values}}`. */
export function refusal(code: string, key: string, params: MessageParams = {}): ApiErrorBody {
  return { error: message(key, params), code, message: { key, values: params } };
}
