/*
 * A shop's product as the catalogue takes it, whether a page, a bulk operation's file or a
 * products/update webhook brought it: its variants, each with its selected options and image.
 */

export interface ShopVariant {
  /** The shop's numeric variant id, as text: how order webhooks name the variant. */
  id: string;
  title: string;
  sku: string | null;
  price: number | null;
  imageUrl: string | null;
  options: Array<{ name: string; value: string }>;
}

export interface ShopProduct {
  /** The shop's numeric product id, as text. */
  id: string;
  title: string;
  vendor: string | null;
  /** The product's first image. */
  imageUrl: string | null;
  /** The shop's `updatedAt` of this state of the product, as ISO text (UTC); null when not given. */
  updatedAt: string | null;
  variants: ShopVariant[];
}

/** One variant with its product: a product of ours. */
export interface CatalogueEntry {
  product: ShopProduct;
  variant: ShopVariant;
}

export const entriesOf = (products: readonly ShopProduct[]): CatalogueEntry[] => products.flatMap((product) => product.variants.map((variant) => ({ product, variant })));

/*
 * What the Admin API is asked of a product and of a variant, and what that costs by Shopify's rule
 * (an object 1 point, a scalar none): a product 1 and its featured media 2 (the image inside it); a
 * variant 1, its selected options 1, its image 1. The limiter is told these before it sends.
 */
export const PRODUCT_FIELDS = 'id legacyResourceId title vendor updatedAt featuredMedia { ... on MediaImage { image { url } } }';
export const PRODUCT_POINTS = 3;
export const VARIANT_FIELDS = 'legacyResourceId title sku price selectedOptions { name value } image { url }';
export const VARIANT_POINTS = 3;

export interface ProductNode {
  /** The global id, which bulk files and product(id:) use. */
  id: string;
  legacyResourceId: string;
  title: string;
  vendor: string | null;
  updatedAt?: string | null;
  featuredMedia: { image?: { url: string } | null } | null;
}

export interface VariantNode {
  legacyResourceId: string;
  title: string;
  sku: string | null;
  price: string | null;
  selectedOptions: Array<{ name: string; value: string }>;
  image: { url: string } | null;
}

const price = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(number) ? number : null;
};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
/** A shop time as ISO text in UTC: the Admin API gives '…Z', webhooks the shop's offset ('…+03:00'). */
const instant = (value: unknown): string | null => {
  const raw = text(value);
  const at = raw === null ? NaN : Date.parse(raw);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
};

/** A product from the Admin API's fields (PRODUCT_FIELDS, VARIANT_FIELDS). */
export function productOfNodes(node: ProductNode, variants: readonly VariantNode[]): ShopProduct {
  return {
    id: node.legacyResourceId,
    title: node.title,
    vendor: text(node.vendor),
    imageUrl: node.featuredMedia?.image?.url ?? null,
    updatedAt: instant(node.updatedAt),
    variants: variants.map((variant) => ({
      id: variant.legacyResourceId,
      title: variant.title,
      sku: text(variant.sku),
      price: price(variant.price),
      imageUrl: variant.image?.url ?? null,
      options: variant.selectedOptions,
    })),
  };
}

/** A body that is not a product of the shop: the job fails with this, visibly. */
class NotAProduct extends Error {}

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The shop's numeric id of a webhook body's product or variant, as text. */
export function restId(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  throw new NotAProduct('a product or variant without its id');
}

/**
 * A products/update webhook's body (Shopify's REST JSON): options by position (option1 ...), a
 * variant's image by image_id among the product's images.
 */
export function productFromWebhook(body: unknown): ShopProduct {
  const product = record(body);
  if (typeof product.title !== 'string' || !Array.isArray(product.variants)) throw new NotAProduct('the body is not a shop product (id, title, variants)');
  const optionNames = (Array.isArray(product.options) ? product.options : []).map((option) => String(record(option).name ?? ''));
  const images = new Map((Array.isArray(product.images) ? product.images : []).map((image) => [record(image).id, text(record(image).src)]));
  return {
    id: restId(product.id),
    title: product.title,
    vendor: text(product.vendor),
    imageUrl: text(record(product.image).src) ?? [...images.values()][0] ?? null,
    updatedAt: instant(product.updated_at),
    variants: product.variants.map((raw) => {
      const variant = record(raw);
      return {
        id: restId(variant.id),
        title: typeof variant.title === 'string' ? variant.title : '',
        sku: text(variant.sku),
        price: price(variant.price),
        imageUrl: images.get(variant.image_id) ?? null,
        options: optionNames.flatMap((name, i) => {
          const value = variant[`option${i + 1}`];
          return name && typeof value === 'string' ? [{ name, value }] : [];
        }),
      };
    }),
  };
}
