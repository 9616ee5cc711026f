import type { Generated } from 'kysely';

/*
 * Row types as the drivers return them after the dialect plugin: ids and counts as numbers,
 * times as ISO-8601 UTC strings, booleans as 0/1 integers on both databases.
 */

export interface RolesTable {
  id: number;
  role_name: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role_id: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  last_activity_at: string;
  active: number;
  ended_at: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface LookupTable {
  id: number;
  name: string;
}

export interface ProductionStepsTable {
  id: Generated<number>;
  step_name: string;
  description: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface ProductOptionValuesTable {
  id: Generated<number>;
  option_id: number;
  value_name: string;
}

export interface ProductsTable {
  id: Generated<number>;
  title: string;
  picture_url: string | null;
  shopify_product_id: string | null;
  shopify_variant_id: string | null;
  material_id: number | null;
  chain_length_id: number | null;
  size_id: number | null;
  color_id: number | null;
  karat_id: number | null;
  production_expected_days: Generated<number>;
  product_group: string | null;
  category: string | null;
  min_price: number | null;
  max_price: number | null;
  expected_weight: number | null;
  workmanship_rate: number | null;
  price: number | null;
  vendor: string | null;
  sku: string | null;
  user_id: number | null;
  our_product_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductProductionStepsTable {
  id: Generated<number>;
  product_id: number;
  step_id: number;
  position_in_process: number;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  settings: SettingsTable;
  order_line_statuses: LookupTable;
  quality_control_statuses: LookupTable;
  packing_statuses: LookupTable;
  production_steps: ProductionStepsTable;
  product_options: LookupTable;
  product_option_values: ProductOptionValuesTable;
  products: ProductsTable;
  product_production_steps: ProductProductionStepsTable;
}
