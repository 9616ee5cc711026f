/*
 * Just enough of a TypeScript lexer to find translation keys: names, punctuation, string literals
 * and template literals, with comments and regular expressions skipped so that a quote or a key in
 * them is never taken for code. The tokens of a template's `${...}` follow its own token, balanced.
 */

export type Template = { kind: 'template'; parts: string[]; exprs: string[]; at: number; /** Tokens of its expressions, right after it. */ inner: number };
export type Token = { kind: 'name' | 'punct' | 'string'; text: string; at: number } | Template;

/** After these a `/` starts a regular expression rather than a division. */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

const NAME = /[A-Za-z0-9_$]/;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;

  const regexMayStart = () => {
    const last = tokens[tokens.length - 1];
    if (!last) return true;
    if (last.kind === 'name') return BEFORE_EXPRESSION.has(last.text);
    // `<` and `>` end JSX tags, where a `/` closes a tag or is plain text.
    return last.kind === 'punct' && !')]}<>'.includes(last.text);
  };

  /** A string ends at its quote or, unterminated (text in JSX), at the line's end. */
  function readString(quote: string) {
    const at = i++;
    let text = '';
    while (i < source.length && source[i] !== quote && source[i] !== '\n') {
      if (source[i] === '\\') text += source[++i] ?? '';
      else text += source[i];
      i++;
    }
    i++;
    tokens.push({ kind: 'string', text, at });
  }

  /** A regular expression on one line; false when the `/` turns out to be something else. */
  function readRegex(): boolean {
    let j = i + 1;
    let inClass = false;
    while (j < source.length && source[j] !== '\n') {
      const c = source[j];
      if (c === '\\') j++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        j++;
        while (j < source.length && NAME.test(source[j])) j++;
        i = j;
        return true;
      }
      j++;
    }
    return false;
  }

  function readTemplate() {
    const token: Token = { kind: 'template', parts: [], exprs: [], at: i++, inner: 0 };
    tokens.push(token);
    const first = tokens.length;
    let part = '';
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        part += source.slice(i, i + 2);
        i += 2;
      } else if (source.startsWith('${', i)) {
        token.parts.push(part);
        part = '';
        i += 2;
        const start = i;
        readCode(true);
        token.exprs.push(source.slice(start, i));
        i++;
      } else {
        part += source[i++];
      }
    }
    token.parts.push(part);
    token.inner = tokens.length - first;
    i++;
  }

  /** Code up to the end, or up to the `}` that closes a template's `${`. */
  function readCode(inTemplate: boolean) {
    let depth = 0;
    while (i < source.length) {
      const c = source[i];
      if (/\s/.test(c)) i++;
      else if (source.startsWith('//', i)) i = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
      else if (source.startsWith('/*', i)) i = source.indexOf('*/', i) < 0 ? source.length : source.indexOf('*/', i) + 2;
      else if (c === "'" || c === '"') readString(c);
      else if (c === '`') readTemplate();
      else if (NAME.test(c)) {
        const at = i;
        while (i < source.length && NAME.test(source[i])) i++;
        tokens.push({ kind: 'name', text: source.slice(at, i), at });
      } else if (c === '/' && regexMayStart() && readRegex()) continue;
      else {
        if (c === '{') depth++;
        if (c === '}') {
          if (inTemplate && depth === 0) return;
          depth--;
        }
        tokens.push({ kind: 'punct', text: c, at: i++ });
      }
    }
  }

  readCode(false);
  return tokens;
}

/** The index just past the bracket that closes the one at `open`. */
export function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let j = open; j < tokens.length; j++) {
    const token = tokens[j];
    if (token.kind !== 'punct') continue;
    if ('([{'.includes(token.text)) depth++;
    else if (')]}'.includes(token.text) && --depth === 0) return j + 1;
  }
  return tokens.length;
}

/** The arguments of the call whose `(` is at `open`, each as its token range [from, to). */
export function argumentsOf(tokens: Token[], open: number): [number, number][] {
  const end = closing(tokens, open) - 1;
  const args: [number, number][] = [];
  let from = open + 1;
  let depth = 0;
  for (let j = open + 1; j < end; j++) {
    const token = tokens[j];
    if (token.kind !== 'punct') continue;
    if ('([{'.includes(token.text)) depth++;
    else if (')]}'.includes(token.text)) depth--;
    else if (token.text === ',' && depth === 0) {
      args.push([from, j]);
      from = j + 1;
    }
  }
  if (from < end) args.push([from, end]);
  return args;
}

/** The token that alone makes up [from, to) (a template with its expressions' tokens), if one does. */
export function soleToken(tokens: Token[], [from, to]: [number, number]): Token | undefined {
  const token = tokens[from];
  const size = token?.kind === 'template' ? 1 + token.inner : 1;
  return to - from === size ? token : undefined;
}

export const textOf = (token: Token | undefined): string | undefined => (token && token.kind !== 'template' ? token.text : undefined);

export const isPunct = (token: Token | undefined, text: string) => token?.kind === 'punct' && token.text === text;

/** The names an object literal gives (`{ id, name: x }`); null when it spreads or is not a literal. */
export function givenNames(tokens: Token[], [from, to]: [number, number]): Set<string> | null {
  if (!isPunct(tokens[from], '{') || closing(tokens, from) !== to) return null;
  const names = new Set<string>();
  let depth = 0;
  for (let j = from; j < to; j++) {
    const token = tokens[j];
    if (token.kind === 'punct' && '([{'.includes(token.text)) depth++;
    else if (token.kind === 'punct' && ')]}'.includes(token.text)) depth--;
    else if (depth !== 1) continue;
    else if (isPunct(token, '.') && isPunct(tokens[j + 1], '.')) return null;
    else if ((token.kind === 'name' || token.kind === 'string') && (isPunct(tokens[j - 1], '{') || isPunct(tokens[j - 1], ','))) names.add(token.text);
  }
  return names;
}

/** The index of the `{` of the object literal around token `j`, or -1. */
export function enclosingBrace(tokens: Token[], j: number): number {
  let depth = 0;
  for (let k = j - 1; k >= 0; k--) {
    const token = tokens[k];
    if (token.kind !== 'punct') continue;
    if (')]}'.includes(token.text)) depth++;
    else if ('([{'.includes(token.text) && depth-- === 0) return token.text === '{' ? k : -1;
  }
  return -1;
}
