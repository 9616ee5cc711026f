import { executeSync, GraphQLError, Kind, parse, validate, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { startBulkOperation } from './bulk';
import { MAX_QUERY_COST, queryCost } from './cost';
import { rootValue, type Context } from './resolvers';
import { adminSchema } from './schema';
import type { Store } from './store';

const RATE_LIMITS_DOC = 'https://shopify.dev/api/usage/rate-limits';

export interface AdminAnswer {
  status: number;
  body: unknown;
  requestedCost: number;
  actualCost: number;
  throttled: boolean;
  operation: string;
}

function operationName(document: DocumentNode | null, requested: string | null): string {
  const operation = document?.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!requested || d.name?.value === requested),
  );
  const first = operation?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  return requested ?? operation?.name?.value ?? (first && first.kind === Kind.FIELD ? first.name.value : '');
}

/**
 * One request to a store's GraphQL Admin API, the way Shopify answers it: parse and validate, price the
 * query, refuse it when the bucket cannot pay (THROTTLED, nothing charged), otherwise charge the requested
 * cost, run it, and give back what the actual cost did not use.
 */
export function answerAdminRequest(store: Store, request: Record<string, unknown>, options: { apiVersion: string; forceThrottle: boolean }): AdminAnswer {
  const now = store.host.now();
  const schema = adminSchema();
  const cost = (requested: number, actual: number | null) => ({
    cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: store.bucket.status(now) },
  });
  const answer = (body: unknown, requestedCost: number, actualCost: number, extra: Partial<AdminAnswer> = {}): AdminAnswer => ({
    status: 200,
    body,
    requestedCost,
    actualCost,
    throttled: false,
    operation: '',
    ...extra,
  });

  if (typeof request.query !== 'string' || !request.query.trim()) {
    return answer({ errors: { query: 'Required parameter missing or invalid' } }, 0, 0, { status: 400 });
  }
  const variables = request.variables && typeof request.variables === 'object' ? (request.variables as Record<string, unknown>) : {};
  const requestedName = typeof request.operationName === 'string' ? request.operationName : null;

  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    const errors = error instanceof GraphQLError ? [error.toJSON()] : [{ message: String(error) }];
    return answer({ errors, extensions: cost(0, 0) }, 0, 0);
  }
  const operation = operationName(document, requestedName);
  const invalid = validate(schema, document);
  if (invalid.length) return answer({ errors: invalid.map((e) => e.toJSON()), extensions: cost(0, 0) }, 0, 0, { operation });

  const requested = queryCost(schema, document, { operationName: requestedName, variables });
  if (requested > MAX_QUERY_COST) {
    const message = `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`;
    const errors = [{ message, extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST, documentation: RATE_LIMITS_DOC } }];
    return answer({ errors, extensions: cost(requested, null) }, requested, 0, { operation });
  }
  if (options.forceThrottle || requested > store.bucket.level(now)) {
    const errors = [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMITS_DOC } }];
    return answer({ errors, extensions: cost(requested, null) }, requested, 0, { operation, throttled: true });
  }

  store.bucket.take(requested, now);
  const context: Context = {
    store,
    apiVersion: options.apiVersion,
    bulk: false,
    polled: new Set(),
    searchWarnings: [],
    startBulkOperation: (query) => startBulkOperation(context, query),
  };
  const result = executeSync({ schema, document, rootValue: rootValue(), contextValue: context, variableValues: variables, operationName: requestedName });
  const actual = Math.min(requested, queryCost(schema, document, { operationName: requestedName, variables, data: result.data ?? null }));
  store.bucket.give(requested - actual, now);

  const body: Record<string, unknown> = {};
  if (result.errors?.length) body.errors = result.errors.map((e) => e.toJSON());
  if (result.data !== undefined) body.data = result.data;
  body.extensions = { ...cost(requested, actual), ...(context.searchWarnings.length ? { search: context.searchWarnings } : {}) };
  return answer(body, requested, actual, { operation });
}
