/* Workshops, their processes and figures. */

export interface WorkshopProcessDto {
  id: number;
  step_id: number;
  name: string;
  step_name: string;
}

export interface WorkshopDto {
  id: number;
  user_id: number | null;
  name: string;
  code: string | null;
  address: string | null;
  company_name: string | null;
  phone_number: string | null;
  tax_number: string | null;
  is_deleted: boolean;
  created_at: string;
  updated_at: string;
  processes: WorkshopProcessDto[];
}

/** Figures of a workshop computed from its order lines; "daily" counts the last 24 hours. */
export interface WorkshopStatisticsDto {
  /** In `currency` (the settings currency): only the orders in it count. */
  turnover: number;
  currency: string;
  open_order_total: number;
  open_order_daily: number;
  total_order_total: number;
  total_order_daily: number;
}

/** A product a workshop's lines name, with how many of them are open (shared/lifecycle.ts `isOpenLine`) and in all. */
export interface ProductLinesDto {
  product_id: number;
  title: string;
  picture_url: string | null;
  open: number;
  total: number;
}

export interface ProductWorkshopDto {
  workshop_id: number | null;
  workshop_name: string | null;
}
