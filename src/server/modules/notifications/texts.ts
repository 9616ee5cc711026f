import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueIn, LOCALES_ROOT } from '../../../../locales/languages';
import { DEFAULT_LANGUAGE } from '../../../shared/locale';
import type { NotificationKind } from '../../../shared/notifications';

/*
 * A notification's title and body in its reader's language, from that language's `notifications`
 * catalogue (`kinds.<kind>.title`, `.titleUrgent`, `.body`), Turkish where the language lacks a
 * text. Catalogues are read from locales/ once per language.
 */

type Texts = Record<string, unknown>;
export type NoticeValues = Record<string, string | number>;

const loaded = new Map<string, Texts>();

function catalogueOf(language: string): Texts {
  let texts = loaded.get(language);
  if (!texts) {
    const folder = join(LOCALES_ROOT, language);
    texts = existsSync(folder) ? catalogueIn(folder) : {};
    loaded.set(language, texts);
  }
  return texts;
}

/** The text of `ns:a.b.c` in a language's catalogue, or undefined. */
function lookUp(language: string, key: string): string | undefined {
  const [ns, path] = key.split(':', 2);
  const found = path.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Texts)[part] : undefined), catalogueOf(language)[ns]);
  return typeof found === 'string' ? found : undefined;
}

const fill = (text: string, values: NoticeValues) => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/**
 * The text of `key` in a language, in the plural form its `count` takes there (`key_one`, as the
 * client's catalogues write it: "1 piece", "2 pieces") where the catalogue has one; Turkish, then
 * the key itself, where the language lacks it.
 */
function textOf(language: string, key: string, values: NoticeValues): string {
  const count = values.count;
  const forms = (lang: string) => {
    const form = typeof count === 'number' ? lookUp(lang, `${key}_${new Intl.PluralRules(lang).select(count)}`) : undefined;
    return form ?? lookUp(lang, key);
  };
  return forms(language) ?? forms(DEFAULT_LANGUAGE) ?? key;
}

const text = (language: string, kind: NotificationKind, part: 'title' | 'titleUrgent' | 'body', values: NoticeValues) => textOf(language, `notifications:kinds.${kind}.${part}`, values);

/** The title and body of a notice for a reader of `language` (null: the product's own). */
export function written(language: string | null, kind: NotificationKind, values: NoticeValues, urgent = false): { title: string; body: string } {
  const lang = language ?? DEFAULT_LANGUAGE;
  return { title: fill(text(lang, kind, urgent ? 'titleUrgent' : 'title', values), values), body: fill(text(lang, kind, 'body', values), values) };
}

/** A sentence of the `notifications` catalogue other than a kind's (an e-mail's own lines) in a reader's language. */
export function phrase(language: string | null, key: string, values: NoticeValues = {}): string {
  return fill(textOf(language ?? DEFAULT_LANGUAGE, `notifications:${key}`, values), values);
}
