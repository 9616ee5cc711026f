import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * No import cycle in src/server/modules, between files nor between modules (folders): a module
 * others read through (order-lines) must never need them back.
 */
const MODULES = __dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative imports of a file that land in src/server/modules, as file paths. */
function importsOf(file: string): string[] {
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gms)].map((m) => m[1]);
  return specifiers.map((specifier) => `${resolve(dirname(file), specifier)}.ts`).filter((path) => path.startsWith(`${MODULES}/`));
}

/** One cycle of a directed graph as a path of its nodes, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const files = new Map(sources(MODULES).map((file) => [relative(MODULES, file), new Set(importsOf(file).map((path) => relative(MODULES, path)))]));
const moduleOf = (file: string) => file.split('/')[0];

test('the import graph of the server modules is read', () => {
  expect(files.get('orders/routes.ts')).toContain('order-lines/queries.ts');
});

test('no file of a module imports itself back through others', () => {
  expect(findCycle(files)).toBeNull();
});

test('no module depends on itself through other modules', () => {
  const modules = new Map<string, Set<string>>();
  for (const [file, imports] of files) {
    const edges = modules.get(moduleOf(file)) ?? new Set<string>();
    for (const imported of imports) if (moduleOf(imported) !== moduleOf(file)) edges.add(moduleOf(imported));
    modules.set(moduleOf(file), edges);
  }
  expect(findCycle(modules)).toBeNull();
  expect(modules.get('order-lines')).toEqual(new Set());
});
