import type { ShopifyClient } from './client';

/*
 * The webhooks a connected store sends here: registered when the store is connected (a job, so a
 * store that is down is asked again), each topic once, all to the product's one webhook address.
 */

/** The topics the product acts on (webhooks.ts), as the Admin API names them. */
export const SUBSCRIBED_TOPICS = ['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED', 'PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'APP_UNINSTALLED'] as const;

export interface Subscription {
  id: string;
  topic: string;
  uri: string;
}

const LIST = `query Subscriptions($after: String) {
  webhookSubscriptions(first: 100, after: $after) { nodes { id topic uri } pageInfo { hasNextPage endCursor } }
}`;

const CREATE = `mutation Subscribe($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`;

interface Page {
  webhookSubscriptions: { nodes: Subscription[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/** Every webhook subscription of the store. */
export async function storeSubscriptions(client: ShopifyClient): Promise<Subscription[]> {
  const found: Subscription[] = [];
  for (let after: string | null = null; ; ) {
    const { data }: { data: Page } = await client.request<Page>(LIST, { after });
    found.push(...data.webhookSubscriptions.nodes);
    if (!data.webhookSubscriptions.pageInfo.hasNextPage) return found;
    after = data.webhookSubscriptions.pageInfo.endCursor;
  }
}

/** Subscribes the store to every topic it does not yet send to `uri`; the topics created. */
export async function subscribeStore(client: ShopifyClient, uri: string): Promise<string[]> {
  const existing = new Set((await storeSubscriptions(client)).filter((s) => s.uri === uri).map((s) => s.topic));
  const created: string[] = [];
  for (const topic of SUBSCRIBED_TOPICS.filter((t) => !existing.has(t))) {
    const { data } = await client.request<{ webhookSubscriptionCreate: { userErrors: Array<{ message: string }> } }>(CREATE, { topic, uri });
    const errors = data.webhookSubscriptionCreate.userErrors;
    if (errors.length > 0) throw new Error(`the store refused the ${topic} subscription: ${errors.map((e) => e.message).join('; ')}`);
    created.push(topic);
  }
  return created;
}
