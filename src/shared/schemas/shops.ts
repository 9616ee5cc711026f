import { object } from 'yup';
import { id, text } from './fields';

const required = (max: number) => text().typeError('validation:allFieldsRequired').trim().required('validation:allFieldsRequired').max(max, 'validation:textTooLong');
const customerUser = id('validation:customerRequired');

/** Add-store form: a customer must be chosen and every field filled but the webhook secret. */
export const storeSchema = object({
  user_id: customerUser,
  shop_name: required(200),
  api_key: required(300),
  api_secret: required(500),
  access_token: required(500),
  // Only for webhooks made in the shop's own admin, which sign with a secret of their own; those the store is asked for sign with the API secret.
  webhook_secret: text().typeError('validation:textTooLong').trim().max(500, 'validation:textTooLong'),
});

/** The webhook credentials of a shop (the API's older way; the store form takes its webhook secret now): every field filled. */
export const webhookSchema = storeSchema.shape({
  shop_domain: required(300),
  webhook_secret: required(500),
});

/** A line item waiting for its product: the product it is. */
export const pendingMatchSchema = object({
  product_id: id('validation:productIdInvalid'),
});
