import { randomBytes } from 'node:crypto';
import {
  executeSync,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isObjectType,
  Kind,
  parse,
  validate,
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
} from 'graphql';
import { rootValue, type Context } from './resolvers';
import { adminSchema } from './schema';
import { gid, type BulkOperationRecord, type UserError } from './store';

/** Shopify's limits on a bulk query: at most five connections, nested at most two deep. */
const MAX_CONNECTIONS = 5;
const MAX_DEPTH = 2;
/** Operations of one store that may run at once (API 2026-01 and later). */
const MAX_RUNNING = 5;

type BulkUserError = UserError & { code: string };

const isConnection = (type: GraphQLNamedType): type is GraphQLObjectType => isObjectType(type) && type.name.endsWith('Connection');
const responseKey = (field: FieldNode) => field.alias?.value ?? field.name.value;

/** Fields of a selection set, fragments spread in regardless of type condition (bulk output merges them). */
function fieldsOf(selectionSet: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, out: FieldNode[] = []): FieldNode[] {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fieldsOf(selection.selectionSet, fragments, out);
    else fieldsOf(fragments.get(selection.name.value)?.selectionSet, fragments, out);
  }
  return out;
}

function fieldDefinition(schema: GraphQLSchema, type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (!isAbstractType(type)) return type.getFields()[name];
  if ('getFields' in type && type.getFields()[name]) return type.getFields()[name] as GraphQLField<unknown, unknown>;
  for (const possible of schema.getPossibleTypes(type)) if (possible.getFields()[name]) return possible.getFields()[name];
  return undefined;
}

/** The node selections of a connection field: `edges { node { ... } }` and `nodes { ... }` together. */
function nodeSelections(field: FieldNode, fragments: Map<string, FragmentDefinitionNode>): SelectionSetNode {
  const selections = [];
  for (const child of fieldsOf(field.selectionSet, fragments)) {
    if (child.name.value === 'nodes' && child.selectionSet) selections.push(...child.selectionSet.selections);
    if (child.name.value === 'edges') {
      for (const inner of fieldsOf(child.selectionSet, fragments)) if (inner.name.value === 'node' && inner.selectionSet) selections.push(...inner.selectionSet.selections);
    }
  }
  return { kind: Kind.SELECTION_SET, selections };
}

interface Shape {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  connections: number;
  problems: string[];
}

/** Checks the query's connections against Shopify's bulk rules; returns whether the selection holds one. */
function checkShape(shape: Shape, type: GraphQLCompositeType, selectionSet: SelectionSetNode | undefined, depth: number, underObject: boolean): boolean {
  let found = false;
  for (const field of fieldsOf(selectionSet, shape.fragments)) {
    const definition = fieldDefinition(shape.schema, type, field.name.value);
    if (!definition) continue;
    const named = getNamedType(definition.type);
    if (isConnection(named)) {
      found = true;
      shape.connections++;
      if (underObject) shape.problems.push(`Connection '${field.name.value}' must be selected directly on a node, not inside a nested object.`);
      if (depth + 1 > MAX_DEPTH) shape.problems.push(`Bulk queries cannot contain connections with a nesting depth greater than ${MAX_DEPTH}.`);
      const nodeType = getNamedType(named.getFields().nodes.type) as GraphQLCompositeType;
      const nodes = nodeSelections(field, shape.fragments);
      const nested = checkShape(shape, nodeType, nodes, depth + 1, false);
      if (nested && !fieldsOf(nodes, shape.fragments).some((f) => f.name.value === 'id' && !f.alias)) {
        shape.problems.push(`The parent 'node' field for a nested connection must select the 'id' field without an alias. Connection fields without 'id': ${field.name.value}.`);
      }
    } else if (isCompositeType(named)) {
      // A root object (e.g. product(id:)) may hold connections; objects inside nodes may not.
      found = checkShape(shape, named, field.selectionSet, depth, depth > 0) || found;
    }
  }
  return found;
}

/** Shopify's JSONL: one line per node, nested connection nodes on their own lines with `__parentId`. */
function flatten(schema: GraphQLSchema, fragments: Map<string, FragmentDefinitionNode>, operation: OperationDefinitionNode, data: Record<string, unknown>) {
  const lines: string[] = [];
  let roots = 0;

  const emitObject = (type: GraphQLCompositeType, selectionSet: SelectionSetNode, value: Record<string, unknown> | null, parentId: string | null) => {
    if (!value) return;
    const line: Record<string, unknown> = { ...value };
    const children: Array<{ connection: GraphQLObjectType; field: FieldNode }> = [];
    for (const field of fieldsOf(selectionSet, fragments)) {
      const named = getNamedType(fieldDefinition(schema, type, field.name.value)?.type ?? null);
      if (named && isConnection(named)) {
        delete line[responseKey(field)];
        children.push({ connection: named, field });
      }
    }
    if (parentId) line.__parentId = parentId;
    lines.push(JSON.stringify(line));
    for (const child of children) emitConnection(child.connection, child.field, value[responseKey(child.field)] as Record<string, unknown>, String(value.id));
  };

  const emitConnection = (connection: GraphQLObjectType, field: FieldNode, value: Record<string, unknown> | null, parentId: string | null) => {
    if (!value) return;
    const nodeType = getNamedType(connection.getFields().nodes.type) as GraphQLCompositeType;
    const selections = nodeSelections(field, fragments);
    // One node can be asked for twice (edges and nodes); its fields are merged by id.
    const nodes = new Map<unknown, Record<string, unknown>>();
    for (const child of fieldsOf(field.selectionSet, fragments)) {
      const key = responseKey(child);
      if (child.name.value === 'nodes') for (const node of (value[key] as Array<Record<string, unknown>>) ?? []) nodes.set(node.id ?? nodes.size, { ...nodes.get(node.id), ...node });
      if (child.name.value === 'edges') {
        const nodeField = fieldsOf(child.selectionSet, fragments).find((f) => f.name.value === 'node');
        if (!nodeField) continue;
        for (const edge of (value[key] as Array<Record<string, unknown>>) ?? []) {
          const node = edge[responseKey(nodeField)] as Record<string, unknown>;
          nodes.set(node.id ?? nodes.size, { ...nodes.get(node.id), ...node });
        }
      }
    }
    for (const node of nodes.values()) {
      if (parentId === null) roots++;
      emitObject(nodeType, selections, node, parentId);
    }
  };

  const query = schema.getQueryType()!;
  for (const field of fieldsOf(operation.selectionSet, fragments)) {
    const named = getNamedType(query.getFields()[field.name.value].type);
    const value = data[responseKey(field)] as Record<string, unknown> | null;
    if (isConnection(named)) emitConnection(named, field, value, null);
    else if (isCompositeType(named) && field.selectionSet) {
      roots++;
      emitObject(named, field.selectionSet, value, null);
    }
  }
  return { lines, roots };
}

/**
 * bulkOperationRunQuery: checks the query like Shopify, then runs it at once over all the store's data
 * (page arguments ignored) and keeps the JSONL. The client sees it finish through its status polls.
 */
export function startBulkOperation(ctx: Context, query: string): { operation: BulkOperationRecord } | { userErrors: BulkUserError[] } {
  const { store } = ctx;
  const invalid = (message: string): { userErrors: BulkUserError[] } => ({ userErrors: [{ field: ['query'], message, code: 'INVALID' }] });
  const running = store.bulkOperations.filter((op) => op.status === 'CREATED' || op.status === 'RUNNING');
  if (running.length >= MAX_RUNNING) {
    return {
      userErrors: [{ field: null, message: `A bulk query operation for this app and shop is already in progress: ${running[0].gid}.`, code: 'OPERATION_IN_PROGRESS' }],
    };
  }
  const schema = adminSchema();
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return invalid((error as Error).message);
  }
  const errors = validate(schema, document);
  if (errors.length) return invalid(errors.map((e) => e.message).join(' '));
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1 || operations[0].operation !== 'query') return invalid('Bulk queries must contain exactly one query operation.');
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  if (fieldsOf(operations[0].selectionSet, fragments).length !== 1) return invalid('Bulk queries must select a single top-level field.');
  const shape: Shape = { schema, fragments, connections: 0, problems: [] };
  checkShape(shape, schema.getQueryType()!, operations[0].selectionSet, 0, false);
  if (shape.connections === 0) return invalid('Bulk queries must contain at least one connection.');
  if (shape.connections > MAX_CONNECTIONS) return invalid(`Bulk queries cannot contain more than ${MAX_CONNECTIONS} connections.`);
  if (shape.problems.length) return invalid(shape.problems[0]);

  const result = executeSync({ schema, document, rootValue: rootValue(), contextValue: { ...ctx, bulk: true, polled: new Set<number>() } });
  const id = store.nextId('BulkOperation');
  const record: BulkOperationRecord = {
    id,
    gid: gid('BulkOperation', id),
    query,
    status: 'CREATED',
    errorCode: null,
    createdAt: store.host.now(),
    completedAt: null,
    token: randomBytes(12).toString('hex'),
    jsonl: '',
    objectCount: 0,
    rootObjectCount: 0,
    pollsLeft: store.pollsForNewBulkOperations,
  };
  if (result.errors?.length || !result.data) {
    record.status = 'FAILED';
    record.errorCode = 'INTERNAL_SERVER_ERROR';
  } else {
    const { lines, roots } = flatten(schema, fragments, operations[0], result.data as Record<string, unknown>);
    record.jsonl = lines.length ? `${lines.join('\n')}\n` : '';
    record.objectCount = lines.length;
    record.rootObjectCount = roots;
  }
  store.bulkOperations.push(record);
  return { operation: record };
}
