import type { OpenApiDocument, Operation, Parameter } from './document';
import { CONTROL_CHARACTER_PATTERN, type JsonSchema } from './json-schema';

/*
 * The readable page of the API document (GET /api/docs): every route grouped by area, with its
 * method, path, roles, parameters and body fields with their rules. Server-rendered HTML without a
 * script (the Content-Security-Policy allows none inline), every text escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The schema a `$ref` of the document points to, else the schema itself. */
function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return document.components.schemas[ref.replace('#/components/schemas/', '')] ?? {};
}

const value = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

/** One schema's rules in words: "integer from 1 to 2147483647, or null". */
export function ruleOf(schema: JsonSchema): string {
  const types = ([] as unknown[]).concat(schema.type ?? []).filter((t) => t !== 'null') as string[];
  const parts: string[] = [types.join(' or ') || 'any value'];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.filter((v) => v !== null).map(value).join(', ')}`);
  if (schema.format === 'email') parts.push('an e-mail address');
  else if (schema.format) parts.push(`format ${schema.format}`);
  const range = (low: unknown, high: unknown, unit: string) => {
    if (low !== undefined && high !== undefined) parts.push(low === high ? `exactly ${low}${unit}` : `${low} to ${high}${unit}`);
    else if (low !== undefined) parts.push(`at least ${low}${unit}`);
    else if (high !== undefined) parts.push(`at most ${high}${unit}`);
  };
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  range(schema.minimum, schema.maximum, '');
  if (schema.exclusiveMinimum !== undefined) parts.push(`above ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`below ${schema.exclusiveMaximum}`);
  if (schema.multipleOf === 0.01) parts.push('at most two decimals');
  else if (schema.multipleOf === 0.001) parts.push('at most three decimals');
  else if (schema.multipleOf !== undefined) parts.push(`a multiple of ${schema.multipleOf}`);
  if (typeof schema.pattern === 'string') parts.push(`matching /${schema.pattern}/`);
  const nots = [schema.not, ...((schema.allOf as JsonSchema[] | undefined) ?? []).map((s) => s.not)].filter(Boolean) as JsonSchema[];
  for (const not of nots) {
    if (not.pattern === CONTROL_CHARACTER_PATTERN) parts.push('no control characters but newline and tab');
    else if (Array.isArray(not.enum)) parts.push(`none of ${not.enum.map(value).join(', ')}`);
    else parts.push(`not ${ruleOf(not)}`);
  }
  const contains = schema.contains as JsonSchema | undefined;
  if (contains) {
    // "at least one item with quantity above 0": the field's rule without its type.
    const fields = Object.entries((contains.properties as Record<string, JsonSchema>) ?? {}).map(
      ([name, rule]) => `${name} ${ruleOf(rule).replace(/^(any value|number|integer|string), /, '')}`,
    );
    parts.push(`at least one item with ${fields.join(', ')}`);
  }
  if (schema.default !== undefined) parts.push(`default ${value(schema.default)}`);
  if (([] as unknown[]).concat(schema.type ?? []).includes('null')) parts.push('or null');
  if (typeof schema.description === 'string') parts.push(schema.description);
  return parts.join(', ');
}

type Field = { name: string; required: boolean; rule: string };

/** The fields of a body, nested ones by their path (`steps[].step_id`), each with its rules. */
function fieldsOf(document: OpenApiDocument, schema: JsonSchema, prefix = ''): Field[] {
  const resolved = resolve(document, schema);
  const rows: Field[] = [];
  const properties = resolved.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    const required = (resolved.required as string[] | undefined) ?? [];
    for (const [name, property] of Object.entries(properties)) {
      const path = `${prefix}${name}`;
      rows.push({ name: path, required: required.includes(name), rule: ruleOf(property) });
      rows.push(...nestedFields(document, property, path));
    }
  } else {
    rows.push({ name: prefix || '(body)', required: true, rule: ruleOf(resolved) });
    rows.push(...nestedFields(document, resolved, prefix));
  }
  return rows;
}

function nestedFields(document: OpenApiDocument, schema: JsonSchema, path: string): Field[] {
  if (schema.properties) return fieldsOf(document, schema, `${path}.`);
  const items = schema.items as JsonSchema | undefined;
  if (items && resolve(document, items).properties) return fieldsOf(document, items, `${path}[].`);
  return [];
}

const table = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell, i) => (i === 0 ? `<td><code>${escapeHtml(cell)}</code></td>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table>`;

function operationHtml(document: OpenApiDocument, path: string, method: string, operation: Operation): string {
  const who = operation['x-public'] ? 'public, no session' : `roles: ${operation['x-roles'].join(', ')}`;
  const statuses = Object.keys(operation.responses);
  const parameters = (operation.parameters ?? []) as Parameter[];
  const body = operation.requestBody;
  const schema = body?.content['application/json']?.schema;
  return [
    `<article id="${escapeHtml(operation.operationId)}">`,
    `<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>`,
    `<p>${escapeHtml(operation.summary)}</p>`,
    operation.description ? `<p>${escapeHtml(operation.description)}</p>` : '',
    `<p class="meta">${escapeHtml(who)} · answers ${escapeHtml(statuses.join(', '))}</p>`,
    parameters.length > 0 ? table(['parameter', 'in', 'rule', 'meaning'], parameters.map((p) => [p.name, p.in, ruleOf(p.schema), p.description])) : '',
    schema
      ? `<p class="meta">Body${body.required ? '' : ' (optional)'}: JSON${body.description ? `. ${escapeHtml(body.description)}` : ''}</p>` +
        table(['field', 'required', 'rule'], fieldsOf(document, schema).map((f) => [f.name, f.required ? 'yes' : 'no', f.rule]))
      : '',
    '</article>',
  ].join('');
}

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 1.5rem;color:#222}
h2{border-bottom:2px solid #ccc;margin-top:2.5rem}article{border-top:1px solid #e4e4e4;padding:.4rem 0 .8rem}
h3{font-size:1rem;margin:.6rem 0 .2rem}p{margin:.2rem 0}.meta{color:#555;font-size:.9rem}
.method{display:inline-block;min-width:4.2em;padding:0 .3em;border-radius:3px;color:#fff;font-size:.85em;text-align:center}
.get{background:#2a7ab0}.post{background:#2f8a3e}.put{background:#a26a00}.patch{background:#7a4fa3}.delete{background:#b23a3a}
table{border-collapse:collapse;margin:.4rem 0;font-size:.9rem}th,td{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f4f4}code{font-family:ui-monospace,monospace}nav ul{columns:2}`;

/** The whole page of `document`. */
export function renderDocsPage(document: OpenApiDocument): string {
  const byArea = new Map<string, string[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const area = operation.tags[0];
      if (!byArea.has(area)) byArea.set(area, []);
      byArea.get(area)!.push(operationHtml(document, path, method, operation));
    }
  }
  const title = `${document.info.title} ${document.info.version}`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(document.info.description)}</p>`,
    '<p>The same as an OpenAPI 3.1 document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>',
    `<nav><ul>${[...byArea.keys()].map((area) => `<li><a href="#${slug(area)}">${escapeHtml(area)}</a></li>`).join('')}</ul></nav>`,
    ...[...byArea].map(([area, operations]) => `<section id="${slug(area)}"><h2>${escapeHtml(area)}</h2>${operations.join('')}</section>`),
    '</body></html>',
  ].join('\n');
}
