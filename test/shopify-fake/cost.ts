import {
  getNamedType,
  isAbstractType,
  isLeafType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** Shopify's limit on one query, whatever the bucket. */
export const MAX_QUERY_COST = 1000;
/** Shopify charges every mutation field a flat 10 points. */
export const MUTATION_COST = 10;

/**
 * Shopify's leaky bucket: `currentlyAvailable` refills continuously at `restoreRate` points per second up
 * to `maximumAvailable`. Time comes from the injected clock, so tests move it instead of sleeping.
 */
export class LeakyBucket {
  private available: number;
  private at: number;

  constructor(
    public maximumAvailable: number,
    public restoreRate: number,
    now: number,
  ) {
    this.available = maximumAvailable;
    this.at = now;
  }

  level(now: number): number {
    if (now > this.at) {
      this.available = Math.min(this.maximumAvailable, this.available + ((now - this.at) / 1000) * this.restoreRate);
      this.at = now;
    }
    return this.available;
  }

  take(points: number, now: number): void {
    this.available = this.level(now) - points;
  }

  give(points: number, now: number): void {
    this.available = Math.min(this.maximumAvailable, this.level(now) + points);
  }

  reset(maximumAvailable: number, restoreRate: number, now: number): void {
    this.maximumAvailable = maximumAvailable;
    this.restoreRate = restoreRate;
    this.available = maximumAvailable;
    this.at = now;
  }

  /** What `extensions.cost.throttleStatus` reports (Shopify shows whole points). */
  status(now: number): { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } {
    return { maximumAvailable: this.maximumAvailable, currentlyAvailable: Math.floor(this.level(now)), restoreRate: this.restoreRate };
  }
}

/** Connections are the `...Connection` object types (Relay style), priced by their page size. */
function isConnection(type: GraphQLNamedType): type is GraphQLObjectType {
  return isObjectType(type) && type.name.endsWith('Connection');
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  defaults: Map<string, ValueNode>;
}

function typeApplies(walk: Walk, condition: string | undefined, type: GraphQLObjectType): boolean {
  if (!condition || condition === type.name) return true;
  const named = walk.schema.getType(condition);
  return !!named && isAbstractType(named) && walk.schema.isSubType(named, type);
}

/** The fields a selection set asks of one concrete type, fragments spread in. */
function fieldsOf(walk: Walk, type: GraphQLObjectType, selectionSet: SelectionSetNode | undefined, out: FieldNode[] = []): FieldNode[] {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (typeApplies(walk, selection.typeCondition?.name.value, type)) fieldsOf(walk, type, selection.selectionSet, out);
    } else {
      const fragment = walk.fragments.get(selection.name.value);
      if (fragment && typeApplies(walk, fragment.typeCondition.name.value, type)) fieldsOf(walk, type, fragment.selectionSet, out);
    }
  }
  return out;
}

function argumentNumber(walk: Walk, field: FieldNode, name: string): number | null {
  const argument = field.arguments?.find((a) => a.name.value === name);
  if (!argument) return null;
  let value: unknown;
  if (argument.value.kind === Kind.INT) value = Number(argument.value.value);
  else if (argument.value.kind === Kind.VARIABLE) {
    const variable = argument.value.name.value;
    value = walk.variables[variable];
    const fallback = walk.defaults.get(variable);
    if (value === undefined && fallback?.kind === Kind.INT) value = Number(fallback.value);
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const responseKey = (field: FieldNode) => field.alias?.value ?? field.name.value;

/**
 * Cost of one object: 1, plus its fields. An abstract type costs its most expensive possible type
 * (Shopify's rule for interfaces and unions). With `value`, sizes come from the answer (actual cost).
 */
function compositeCost(walk: Walk, type: GraphQLCompositeType, selectionSet: SelectionSetNode | undefined, value?: unknown, actual = false): number {
  const types = isObjectType(type) ? [type] : walk.schema.getPossibleTypes(type);
  let most = 0;
  for (const concrete of types) {
    let cost = 1;
    for (const field of fieldsOf(walk, concrete, selectionSet)) {
      const definition = concrete.getFields()[field.name.value];
      if (!definition) continue;
      const child = actual && value && typeof value === 'object' ? (value as Record<string, unknown>)[responseKey(field)] : undefined;
      cost += fieldCost(walk, definition, field, child, actual);
    }
    most = Math.max(most, cost);
  }
  return most;
}

function fieldCost(walk: Walk, definition: GraphQLField<unknown, unknown>, field: FieldNode, value: unknown, actual: boolean): number {
  if (field.name.value.startsWith('__')) return 0;
  const named = getNamedType(definition.type);
  if (isLeafType(named)) return 0;
  if (isConnection(named)) return connectionCost(walk, named, field, value, actual);
  const composite = named as GraphQLCompositeType;
  if (!actual) return compositeCost(walk, composite, field.selectionSet);
  if (Array.isArray(value)) return value.reduce((most: number, item) => Math.max(most, compositeCost(walk, composite, field.selectionSet, item, true)), 1);
  return compositeCost(walk, composite, field.selectionSet, value, true);
}

/** 2 for the connection, plus the page size (or, actually, the nodes returned) times one node's cost. */
function connectionCost(walk: Walk, connection: GraphQLObjectType, field: FieldNode, value: unknown, actual: boolean): number {
  const nodeType = getNamedType(connection.getFields().nodes?.type ?? connection.getFields().edges.type) as GraphQLCompositeType;
  const edgeType = getNamedType(connection.getFields().edges.type) as GraphQLObjectType;
  // One way to read the nodes per `edges { node }` or `nodes` selection; the dearest decides.
  const readers: Array<{ selectionSet: SelectionSetNode | undefined; items: (v: Record<string, unknown>) => unknown[] }> = [];
  for (const child of fieldsOf(walk, connection, field.selectionSet)) {
    if (child.name.value === 'nodes') {
      readers.push({ selectionSet: child.selectionSet, items: (v) => (v[responseKey(child)] as unknown[]) ?? [] });
    } else if (child.name.value === 'edges') {
      for (const inner of fieldsOf(walk, edgeType, child.selectionSet)) {
        if (inner.name.value !== 'node') continue;
        readers.push({
          selectionSet: inner.selectionSet,
          items: (v) => ((v[responseKey(child)] as Array<Record<string, unknown>>) ?? []).map((edge) => edge?.[responseKey(inner)]),
        });
      }
    }
  }
  if (!actual) {
    const size = argumentNumber(walk, field, 'first') ?? argumentNumber(walk, field, 'last') ?? 0;
    const perNode = readers.reduce((most, reader) => Math.max(most, compositeCost(walk, nodeType, reader.selectionSet)), 0);
    return 2 + Math.max(0, size) * perNode;
  }
  if (!value || typeof value !== 'object') return 2;
  let most = 0;
  for (const reader of readers) {
    const sum = reader.items(value as Record<string, unknown>).reduce((total: number, item) => total + compositeCost(walk, nodeType, reader.selectionSet, item, true), 0);
    most = Math.max(most, sum);
  }
  return 2 + most;
}

function operationOf(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
}

/**
 * Shopify's calculated query cost of an operation: requested (before running, from `first`/`last`) or,
 * given the answer's `data`, actual (from what came back). Mutations cost 10 per root field.
 */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  options: { operationName?: string | null; variables?: Record<string, unknown> | null; data?: unknown },
): number {
  const operation = operationOf(document, options.operationName);
  if (!operation) return 0;
  const walk: Walk = {
    schema,
    fragments: new Map(
      document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
    ),
    variables: options.variables ?? {},
    defaults: new Map(
      (operation.variableDefinitions ?? []).filter((v) => v.defaultValue).map((v) => [v.variable.name.value, v.defaultValue as ValueNode]),
    ),
  };
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  const actual = options.data !== undefined;
  if (operation.operation === 'mutation') {
    return fieldsOf(walk, root, operation.selectionSet).filter((f) => !f.name.value.startsWith('__')).length * MUTATION_COST;
  }
  // The root object itself is free; its fields are not.
  return compositeCost(walk, root, operation.selectionSet, options.data ?? undefined, actual) - 1;
}

/**
 * The least time the bucket allows for these calls, one after another with no time of their own: each
 * waits only until the bucket holds its requested cost, then leaves its actual cost spent. Benchmarks
 * set a run's wall time against it. Calls that spent nothing are skipped: throttled, failed, and those
 * refused for costing more than any query may.
 */
export function leastTimeMs(
  calls: ReadonlyArray<{ requestedCost: number; actualCost: number; throttled: boolean; status: number }>,
  bucket: { maximumAvailable: number; restoreRate: number },
): number {
  let available = bucket.maximumAvailable;
  let elapsed = 0;
  for (const call of calls) {
    if (call.throttled || call.status !== 200 || call.requestedCost > MAX_QUERY_COST) continue;
    // A bucket smaller than one call's cost could never have served it.
    if (call.requestedCost > bucket.maximumAvailable) return Infinity;
    if (call.requestedCost > available) {
      elapsed += ((call.requestedCost - available) / bucket.restoreRate) * 1000;
      available = call.requestedCost;
    }
    available -= call.actualCost;
  }
  return elapsed;
}
