import { closing, isPunct, textOf, type Template, type Token } from './tokens';

/*
 * Keys built at run time: t(`why.${reason}`) may spell any key that starts with `why.`. A `${helper(x)}`
 * whose helper only returns a template (`refusalKey` -> `line${...}`) is spelled through that template,
 * so `errors:${refusalKey(r)}` covers the `errors:line...` keys, not the whole namespace.
 */

export type Helpers = Map<string, Template>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression source of what a template can spell: `line${x}` -> `line.*`. */
export function spelling(template: Template, helpers: Helpers, depth = 0): string {
  return template.parts
    .map((part, index) => {
      if (index === 0) return escape(part);
      const call = /^\s*([A-Za-z_$][\w$]*)\s*\(/.exec(template.exprs[index - 1]);
      const helper = call && depth < 3 ? helpers.get(call[1]) : undefined;
      return (helper ? spelling(helper, helpers, depth + 1) : '.*') + escape(part);
    })
    .join('');
}

/** `function k(x) { return `a${x}`; }` or `const k = (x) => `a${x}``: the template a helper returns. */
function helperAt(tokens: Token[], j: number): Template | undefined {
  const [first, next] = [textOf(tokens[j]), tokens[j + 2]];
  let k: number;
  if (first === 'function' && isPunct(next, '(')) {
    k = closing(tokens, j + 2);
    while (k < tokens.length && !isPunct(tokens[k], '{')) k++;
    return textOf(tokens[k + 1]) === 'return' && tokens[k + 2]?.kind === 'template' ? (tokens[k + 2] as Template) : undefined;
  }
  if (first !== 'const' || !isPunct(next, '=')) return undefined;
  k = isPunct(tokens[j + 3], '(') ? closing(tokens, j + 3) : j + 4;
  // A return type such as `: string`.
  while (isPunct(tokens[k], ':') && tokens[k + 1]?.kind === 'name') k += 2;
  return isPunct(tokens[k], '=') && isPunct(tokens[k + 1], '>') && tokens[k + 2]?.kind === 'template' ? (tokens[k + 2] as Template) : undefined;
}

export function collectHelpers(tokens: Token[], into: Helpers) {
  for (let j = 0; j + 2 < tokens.length; j++) {
    const name = tokens[j + 1];
    if (name.kind !== 'name' || tokens[j].kind !== 'name') continue;
    const template = helperAt(tokens, j);
    if (template) into.set(name.text, template);
  }
}
