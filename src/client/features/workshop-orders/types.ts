/** An order line as the workshop's routes return it (the fields these screens show). */
export interface WorkshopLine {
  id: number;
  order_number: string;
  product_title: string;
  product_picture_url: string | null;
  order_line_status_id: number;
  current_order_line_process: number;
  workshop_started_process_id: number | null;
  production_expected_date: string | null;
  customer_note: string | null;
  fulfilment_style: string | null;
  customization_option: string | null;
  product_gram: number | null;
  gram_flagged: boolean;
  material_id: number | null;
  chain_length_id: number | null;
  size_id: number | null;
  color_id: number | null;
  karat_id: number | null;
}
