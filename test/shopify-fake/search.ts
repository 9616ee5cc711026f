/**
 * The part of Shopify's search syntax (the `query:` argument) the fake understands:
 * `field:value`, `field:>value` (also `>=`, `<`, `<=`), `-field:value` or `NOT field:value`, quoted values,
 * bare words, terms joined by spaces or AND, alternatives joined by OR. Unknown fields are ignored with a
 * warning, as Shopify does.
 */

export interface Term {
  field: string | null;
  comparator: ':' | '>' | '>=' | '<' | '<=';
  value: string;
  negated: boolean;
}

export type Matcher<T> = (item: T, term: Term) => boolean;

export interface SearchResult<T> {
  items: T[];
  warnings: Array<{ field: string; message: string }>;
}

function tokens(query: string): string[] {
  const out: string[] = [];
  const pattern = /\s*(-?[A-Za-z_.]+:(?:[<>]=?)?(?:'[^']*'|"[^"]*"|[^\s()]*)|'[^']*'|"[^"]*"|[^\s()]+)/g;
  for (const match of query.matchAll(pattern)) out.push(match[1]);
  return out;
}

const unquote = (value: string) => (/^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value);

/** Alternatives (OR) of conjunctions (AND) of terms. */
export function parseSearch(query: string): Term[][] {
  const groups: Term[][] = [[]];
  let negateNext = false;
  for (const token of tokens(query)) {
    if (token === 'AND') continue;
    if (token === 'OR') {
      groups.push([]);
      continue;
    }
    if (token === 'NOT') {
      negateNext = true;
      continue;
    }
    const negated = negateNext || token.startsWith('-');
    negateNext = false;
    const body = token.startsWith('-') ? token.slice(1) : token;
    const field = /^([A-Za-z_.]+):(>=|<=|>|<)?(.*)$/.exec(body);
    groups[groups.length - 1].push(
      field
        ? { field: field[1].toLowerCase(), comparator: (field[2] as Term['comparator']) ?? ':', value: unquote(field[3]), negated }
        : { field: null, comparator: ':', value: unquote(body), negated },
    );
  }
  return groups.filter((group) => group.length > 0);
}

/** Filters `items` by `query`; `fields` says how each known field matches (key null: bare words). */
export function search<T>(items: T[], query: string | null | undefined, fields: Record<string, Matcher<T>>, bare: Matcher<T>): SearchResult<T> {
  if (!query || !query.trim()) return { items, warnings: [] };
  const warnings: SearchResult<T>['warnings'] = [];
  const groups = parseSearch(query).map((group) =>
    group.filter((term) => {
      if (term.field === null || fields[term.field]) return true;
      warnings.push({ field: term.field, message: 'Invalid search field for this query.' });
      return false;
    }),
  );
  const matches = (item: T, term: Term) => {
    const hit = term.field === null ? bare(item, term) : fields[term.field](item, term);
    return term.negated ? !hit : hit;
  };
  const kept = items.filter((item) => groups.some((group) => group.every((term) => matches(item, term))));
  return { items: kept, warnings };
}

/** Compares like Shopify's filters on timestamps: at whole seconds, the precision it stores and shows. */
export function compareTime(valueMs: number, term: Term): boolean {
  const wanted = Date.parse(term.value);
  if (Number.isNaN(wanted)) return false;
  const seconds = Math.floor(valueMs / 1000) * 1000;
  return compareNumber(seconds, wanted, term.comparator);
}

export function compareNumber(value: number, wanted: number, comparator: Term['comparator']): boolean {
  switch (comparator) {
    case '>':
      return value > wanted;
    case '>=':
      return value >= wanted;
    case '<':
      return value < wanted;
    case '<=':
      return value <= wanted;
    default:
      return value === wanted;
  }
}

/** `id:123`, `id:>123`, also with a gid. */
export function compareId(id: number, term: Term): boolean {
  const wanted = Number(term.value.replace(/^gid:\/\/shopify\/\w+\//, ''));
  return Number.isFinite(wanted) && compareNumber(id, wanted, term.comparator);
}

/** Text fields: case-insensitive; `*` at the end is a prefix search, otherwise whole-value or word match. */
export function compareText(value: string | null | undefined, term: Term): boolean {
  if (value == null) return false;
  const have = value.toLocaleLowerCase('tr');
  const wanted = term.value.toLocaleLowerCase('tr');
  if (wanted.endsWith('*')) return have.startsWith(wanted.slice(0, -1)) || have.split(/\s+/).some((w) => w.startsWith(wanted.slice(0, -1)));
  return have === wanted || have.split(/\s+/).includes(wanted) || have.includes(wanted);
}
