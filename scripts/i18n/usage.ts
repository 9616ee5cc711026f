import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { collectHelpers, type Helpers, spelling } from './templates';
import { argumentsOf, closing, enclosingBrace, givenNames, isPunct, soleToken, textOf, tokenize, type Template, type Token } from './tokens';

/*
 * Which catalogue keys the code uses. A key is used when it is written out: `t('key')` under the
 * file's `useTranslation('ns')`, `t('ns:key')`, any literal `'ns:key'` of a known namespace (server
 * messages, schema sentences, `key: 'ns:x'` fields), `<Trans i18nKey="key">`, or a literal equal to a
 * key of a namespace the file translates with (labels kept in tables, then passed to `t`). A template
 * such as t(`why.${reason}`) uses every key it can spell (see templates.ts).
 */

/** Where the code reads the catalogues; tests are left out, they read them to check them. */
const SOURCE_DIRS = ['src/client', 'src/server', 'src/shared'];

/** Calls that take a key, and the position of the values that fill its placeholders. */
const KEY_CALLS: Record<string, { key: number; params?: number }> = {
  t: { key: 0, params: 1 },
  message: { key: 0, params: 1 },
  said: { key: 0, params: 1 },
  refusal: { key: 1, params: 2 },
  badRequest: { key: 0, params: 2 },
  notFound: { key: 0, params: 2 },
  conflict: { key: 0, params: 2 },
  unauthorized: { key: 0 },
  forbidden: { key: 0 },
  AppError: { key: 2, params: 3 },
};

export interface Place {
  file: string;
  line: number;
}

export interface KeyUse extends Place {
  ns: string;
  key: string;
  /** Named values given to fill placeholders; null when the call's values are not visible. */
  params: Set<string> | null;
  /** Written as a key (a call's argument, `ns:key`): absent from the catalogue, it is a fault. */
  certain: boolean;
}

export interface KeyPattern extends Place {
  ns: string;
  /** The template as written, for the report. */
  text: string;
  pattern: RegExp;
}

export interface Usage {
  uses: KeyUse[];
  patterns: KeyPattern[];
  /** Plain literals of files that translate with a namespace: keys if the namespace has them. */
  literals: Map<string, Set<string>>;
}

const KEY_SHAPE = /^[A-Za-z_][\w-]*(\.[\w-]+)*$/;

function sourceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The namespaces a file translates with (`useTranslation(...)`, `TFunction<'ns'>`), each where declared. */
function declaredNamespaces(tokens: Token[], appDefault: string): { at: number; ns: string[] }[] {
  const found: { at: number; ns: string[] }[] = [];
  for (let j = 0; j < tokens.length; j++) {
    const name = textOf(tokens[j]);
    if (name === 'useTranslation' && isPunct(tokens[j + 1], '(')) {
      const ns = tokens.slice(j + 2, closing(tokens, j + 1)).flatMap((token) => (token.kind === 'string' ? [token.text] : []));
      found.push({ at: j, ns: ns.length > 0 ? ns : [appDefault] });
    } else if (name === 'TFunction' && isPunct(tokens[j + 1], '<') && tokens[j + 2]?.kind === 'string') {
      found.push({ at: j, ns: [textOf(tokens[j + 2])!] });
    }
  }
  return found;
}

/**
 * A notice such as `{ kind: 'error', key: 'errors:x', params: { id } }` is shown with its own params:
 * none when it has no `params` field; null (not visible) when they are not an object literal.
 */
function noticeParams(tokens: Token[], j: number): Set<string> | null {
  if (!isPunct(tokens[j - 1], ':') || textOf(tokens[j - 2]) !== 'key') return null;
  const open = enclosingBrace(tokens, j - 2);
  const fields = open < 0 ? null : givenNames(tokens, [open, closing(tokens, open)]);
  if (!fields) return null;
  if (!fields.has('params')) return new Set();
  const at = tokens.findIndex((token, k) => k > open && textOf(token) === 'params' && isPunct(tokens[k + 1], ':'));
  return at < 0 || !isPunct(tokens[at + 2], '{') ? null : givenNames(tokens, [at + 2, closing(tokens, at + 2)]);
}

interface Context {
  root: string;
  namespaces: Set<string>;
  helpers: Helpers;
  appDefault: string;
  usage: Usage;
}

function scanFile(file: string, text: string, tokens: Token[], { root, namespaces, helpers, appDefault, usage }: Context) {
  const place = (token: Token): Place => ({ file: relative(root, file), line: text.slice(0, token.at).split('\n').length });
  const declared = declaredNamespaces(tokens, appDefault);
  // The nearest declaration above: components of one file may translate with different namespaces.
  const defaultAt = (j: number) => ([...declared].reverse().find((d) => d.at < j) ?? declared[0])?.ns[0] ?? appDefault;
  const split = (key: string, j: number): [string, string] | null => {
    const colon = key.indexOf(':');
    if (colon > 0 && namespaces.has(key.slice(0, colon))) return [key.slice(0, colon), key.slice(colon + 1)];
    return colon < 0 ? [defaultAt(j), key] : null;
  };
  const addPattern = (template: Template, j: number) => {
    const spelled = spelling(template, helpers);
    const raw = template.parts.join('${…}');
    const colon = raw.indexOf(':');
    const named = colon > 0 && namespaces.has(raw.slice(0, colon));
    const pattern = new RegExp(`^${named ? spelled.slice(colon + 1) : spelled}$`);
    usage.patterns.push({ ...place(template), ns: named ? raw.slice(0, colon) : defaultAt(j), text: raw, pattern });
  };
  const seen = new Set<number>();

  /** A call that takes a key: its literal key, its template, or the literals of a computed key. */
  const scanCall = (j: number, name: string) => {
    const call = KEY_CALLS[name];
    const args = argumentsOf(tokens, j + 1);
    const keyArg = args[call.key];
    if (!keyArg) return;
    const paramsArg = call.params === undefined ? undefined : args[call.params];
    const params = paramsArg ? givenNames(tokens, paramsArg) : new Set<string>();
    const only = soleToken(tokens, keyArg);
    if (only?.kind === 'string') {
      // Server helpers take `ns:key`; only `t` resolves a bare key against the file's namespace.
      const key = name === 't' || only.text.includes(':') ? split(only.text, j) : null;
      if (key) usage.uses.push({ ...place(only), ns: key[0], key: key[1], params, certain: true });
      seen.add(keyArg[0]);
    } else if (only?.kind === 'template' && name === 't') {
      addPattern(only, j);
      seen.add(keyArg[0]);
    } else {
      // `t(a ? 'x' : 'y', {...})`: its literals are keys when the catalogue has them.
      for (let k = keyArg[0]; k < keyArg[1]; k++) {
        const literal = tokens[k];
        if (literal.kind !== 'string' || !KEY_SHAPE.test(literal.text.replace(/^\w+:/, ''))) continue;
        const key = split(literal.text, j);
        if (key) usage.uses.push({ ...place(literal), ns: key[0], key: key[1], params, certain: false });
        seen.add(k);
      }
    }
  };

  /** Any other literal: `'ns:key'` anywhere, or a bare key of the file's namespaces. */
  const scanLiteral = (j: number, literal: string) => {
    const colon = literal.indexOf(':');
    const [ns, key] = [literal.slice(0, colon), literal.slice(colon + 1)];
    if (colon > 0 && namespaces.has(ns) && KEY_SHAPE.test(key)) {
      // A constant (`const EXPORT_KEY = 'customers:list'`) may name something other than a sentence.
      usage.uses.push({ ...place(tokens[j]), ns, key, params: noticeParams(tokens, j), certain: !isPunct(tokens[j - 1], '=') });
    } else if (KEY_SHAPE.test(literal)) {
      for (const name of declared.flatMap((d) => d.ns)) usage.literals.set(name, (usage.literals.get(name) ?? new Set()).add(literal));
    }
  };

  for (let j = 0; j < tokens.length; j++) {
    const token = tokens[j];
    // `reply.notFound()` is someone else's; `...said()` and `i18n.t()` are ours.
    const method = isPunct(tokens[j - 1], '.') && !isPunct(tokens[j - 2], '.');
    if (token.kind === 'name' && Object.hasOwn(KEY_CALLS, token.text) && isPunct(tokens[j + 1], '(') && (token.text === 't' || !method)) {
      scanCall(j, token.text);
    } else if (textOf(token) === 'i18nKey' && isPunct(tokens[j + 1], '=') && tokens[j + 2]?.kind === 'string') {
      const key = split(textOf(tokens[j + 2])!, j);
      if (key) usage.uses.push({ ...place(tokens[j + 2]), ns: key[0], key: key[1], params: null, certain: true });
      seen.add(j + 2);
    } else if (token.kind === 'string' && !seen.has(j)) {
      scanLiteral(j, token.text);
    } else if (token.kind === 'template' && !seen.has(j)) {
      const colon = token.parts[0].indexOf(':');
      if (colon > 0 && namespaces.has(token.parts[0].slice(0, colon))) addPattern(token, j);
    }
  }
}

export function scanSources(root: string, namespaces: Set<string>): Usage {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir))).sort();
  const sources = files.map((file) => {
    const text = readFileSync(file, 'utf8');
    return { file, text, tokens: tokenize(text) };
  });
  const helpers: Helpers = new Map();
  for (const { tokens } of sources) collectHelpers(tokens, helpers);
  // The app's default namespace (i18next's defaultNS), where a key without one is looked up.
  const appDefault = sources.map(({ text }) => /defaultNS:\s*'(\w+)'/.exec(text)?.[1]).find(Boolean) ?? 'common';
  const usage: Usage = { uses: [], patterns: [], literals: new Map() };
  for (const { file, text, tokens } of sources) scanFile(file, text, tokens, { root, namespaces, helpers, appDefault, usage });
  return usage;
}
