import { array, boolean, object } from 'yup';
import { GRAM_PLACES, toUnits } from '../metal';
import { decimal, id, integer, text } from './fields';

/** Units of one product row of a manual order. */
export const MAX_QUANTITY = 1000;
/** Product rows of a manual order, so at most this many different products; the units of a whole order are bounded by the server's MAX_UNITS_PER_ORDER. */
export const MAX_ORDER_PRODUCTS = 200;

const contact = (max: number) =>
  text().typeError('validation:orderContactRequired').trim().required('validation:orderContactRequired').max(max, 'validation:textTooLong');
const optional = (max: number) => text().typeError('validation:textTooLong').trim().max(max, 'validation:textTooLong');
/** A piece's own note: stored trimmed, so its spaces are not refused here (a route trims only the body's top fields). */
const pieceNote = text().typeError('validation:textTooLong').defined('validation:textTooLong').max(2000, 'validation:textTooLong');

/**
 * The manual order of a B2B customer (SPEC sections 3 and 5), with its city (stored with the
 * order) and a note per piece beside the order's one. An order above the customer's available credit is taken only with
 * `credit_exceeded_confirmed: true`, the customer's answer to the form's question.
 */
export const manualOrderSchema = object({
  address: contact(500),
  email: text()
    .typeError('validation:orderContactRequired')
    .trim()
    .required('validation:orderContactRequired')
    .email('validation:emailInvalid')
    .max(254, 'validation:emailInvalid'),
  phone_number: contact(50),
  country: contact(100),
  zip_code: contact(20),
  city: optional(100),
  first_name: optional(100),
  last_name: optional(100),
  notes: optional(2000),
  products: array(
    object({
      product_id: id('validation:orderProductsRequired'),
      quantity: integer('validation:orderProductsRequired', 0).required('validation:orderProductsRequired').max(MAX_QUANTITY, 'validation:orderQuantityTooLarge'),
      notes: array(pieceNote)
        .typeError('validation:textTooLong')
        .max(MAX_QUANTITY, 'validation:orderNotesBeyondQuantity')
        .test('per-piece', 'validation:orderNotesBeyondQuantity', function (notes) {
          return (notes ?? []).length <= (typeof this.parent.quantity === 'number' ? this.parent.quantity : 0);
        })
        .meta({ description: "One note per piece of the row (engraving, size), in the pieces' order; a piece without its own note takes the order's `notes`" }),
    }),
  )
    .typeError('validation:orderProductsRequired')
    .required('validation:orderProductsRequired')
    .max(MAX_ORDER_PRODUCTS, 'validation:orderTooManyProducts')
    .test('some', 'validation:orderProductsRequired', (items) => (items ?? []).some((item) => (item?.quantity ?? 0) > 0)),
  credit_exceeded_confirmed: boolean().typeError('errors:invalidBody').meta({
    description: 'true: the customer confirmed an order above its available credit; without it such an order is refused (409 CREDIT_EXCEEDED)',
  }),
});

/** The manual order form: first and last name are required there too. */
export const manualOrderFormSchema = manualOrderSchema.shape({
  first_name: text().trim().required('validation:nameRequired').max(100, 'validation:textTooLong'),
  last_name: text().trim().required('validation:nameRequired').max(100, 'validation:textTooLong'),
});

/**
 * Gram of a piece: a number above 0 (workshop entry and the admin's correction). One far from the
 * expected weight is taken only with `gram_confirmed: true`, the person's answer to the question.
 */
export const gramSchema = object({
  product_gram: decimal('validation:gramInvalid', 0, 100_000)
    .required('validation:gramInvalid')
    .moreThan(0, 'validation:gramInvalid')
    // To the milligram: a fourth decimal is refused, never rounded.
    .test('milligrams', 'validation:gramInvalid', (value) => value == null || toUnits(value, GRAM_PLACES) !== null),
  gram_confirmed: boolean().typeError('errors:invalidBody').meta({
    description: "true: the person confirmed a gram beyond the confirm band of the expected weight; without it such a gram is refused (409 GRAM_CONFIRM). Above the hard bound a gram is refused whatever (400 GRAM_IMPLAUSIBLE)",
  }),
});


/** A shipment's tracking number, as the carrier gives it. */
export const shipmentSchema = object({
  shipment_tracking_number: text()
    .typeError('validation:trackingNumberRequired')
    .trim()
    .required('validation:trackingNumberRequired')
    .max(100, 'validation:textTooLong'),
});
