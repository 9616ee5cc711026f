import { startTestApp } from '../../../../test/server';
import { testDatabases } from '../../../../test/databases';

/*
 * Product photos of a shop load under the page's security policy: from any https host (Shopify's
 * CDN), and against a local Shopify-protocol server from that server's origin and no other http host.
 */

const [database] = testDatabases();

const imageSources = async (env: Record<string, string>) => {
  const t = await startTestApp(await database.create(), env);
  try {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(answer.headers['content-security-policy']).split(';');
    return policy.find((directive) => directive.startsWith('img-src'))!.split(' ').slice(1);
  } finally {
    await t.close();
  }
};

test("a local Shopify-protocol server's images are allowed from its origin alone", async () => {
  expect(await imageSources({ SHOPIFY_API_BASE_URL: 'http://127.0.0.1:4010/' })).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:4010']);
  // Stores reached at their own https addresses: no http host at all.
  expect(await imageSources({ SHOPIFY_API_BASE_URL: '' })).toEqual(["'self'", 'data:', 'https:']);
});
