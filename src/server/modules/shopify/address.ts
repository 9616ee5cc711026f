/*
 * Where a store lives. Admins type a store the way they know it (`atelier`, `Atelier.myshopify.com`,
 * `https://atelier.myshopify.com/admin`); Shopify is asked at its myshopify address.
 */

/** The store's address: `<name>.myshopify.com`, or the name itself when it already is a domain. */
export function storeDomain(shopName: string): string {
  const host = shopName.trim().toLowerCase().replace(/^https?:\/\//, '').split(/[/?#]/)[0];
  return host.includes('.') ? host : `${host}.myshopify.com`;
}

/** The URL of `path` on the store: the store itself, or the local Shopify-protocol server when `apiBaseUrl` is set. */
export function storeUrl(domain: string, path: string, apiBaseUrl: string | null): string {
  return apiBaseUrl ? `${apiBaseUrl}/shops/${domain}${path}` : `https://${domain}${path}`;
}

/** The domain a store record keeps for its webhooks, or null when what was typed cannot name a host (spaces, accented letters). */
export function storedDomain(typed: string): string | null {
  const domain = storeDomain(typed);
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null;
}
