import type { OrderLineDto } from '../../../shared/api';

/** An order line as the workshop's routes return it (the fields these screens show). */
export type WorkshopLine = Pick<
  OrderLineDto,
  'id' | 'order_number' | 'product_title' | 'product_picture_url' | 'order_line_status_id'
  | 'current_order_line_process' | 'workshop_started_process_id' | 'production_expected_date'
  | 'customer_note' | 'fulfilment_style' | 'customization_option' | 'product_gram' | 'gram_flagged'
  | 'material_id' | 'chain_length_id' | 'size_id' | 'color_id' | 'karat_id'
>;
