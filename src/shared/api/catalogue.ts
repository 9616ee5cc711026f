/* The catalogue: production steps, the fixed lists, products, their option values and routings. */

export interface ProductionStepDto {
  id: number;
  step_name: string;
  description: string;
  /** The key (FALLBACK_ROUTING) of the built-in process step this is; null for the office's own steps. */
  built_in: string | null;
  created_at: string;
}

/** An entry of a fixed list: order line status, quality control status, packing status. */
export interface LookupDto {
  id: number;
  name: string;
}

export interface ProductDto {
  id: number;
  title: string;
  picture_url: string | null;
  shopify_product_id: string | null;
  shopify_variant_id: string | null;
  material_id: number | null;
  chain_length_id: number | null;
  size_id: number | null;
  color_id: number | null;
  karat_id: number | null;
  production_expected_days: number;
  product_group: string | null;
  category: string | null;
  min_price: number | null;
  max_price: number | null;
  expected_weight: number | null;
  workmanship_rate: number | null;
  price: number | null;
  /** The currency of price, min_price and max_price. */
  currency: string;
  vendor: string | null;
  sku: string | null;
  user_id: number | null;
  our_product_id: string | null;
  workshop_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface OptionValueDto {
  id: number;
  option_id: number;
  value_name: string;
}

export interface RoutingStepDto {
  id: number;
  step_id: number;
  step_name: string;
  description: string;
  position_in_process: number;
}
