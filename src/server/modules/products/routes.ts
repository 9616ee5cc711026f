import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { message } from '../../messages';
import { paged } from '../../paging';
import { sessionUser } from '../../plugins/auth';
import { idParam, validateBody } from '../../validate';
import { API } from '../../../shared/api';
import { Role } from '../../../shared/roles';
import { expectedDaysSchema, ourProductIdSchema, productSchema, routingSchema, workmanshipRateSchema } from '../../../shared/schemas/products';
import * as products from './service';

const TRIMMED = ['title', 'picture_url', 'shopify_product_id', 'shopify_variant_id', 'product_group', 'category', 'vendor', 'sku', 'our_product_id'];

export function productRoutes(api: FastifyInstance, db: Db): void {
  const admin = { config: { roles: [Role.Admin] } };
  const office = { config: { roles: [Role.Admin, Role.Office] } };
  // Option names and routings appear on workshop and customer screens too.
  const everyone = { config: { roles: [Role.Admin, Role.Workshop, Role.Office, Role.Customer] } };
  const production = { config: { roles: [Role.Admin, Role.Workshop, Role.Office] } };
  const one = API.product(':id');

  // Customers choose from the catalogue for manual orders, without the workshop's terms.
  api.get(API.products, { config: { roles: [Role.Admin, Role.Office, Role.Customer] } }, async (request) => {
    const all = paged(await products.listProducts(db), request.query);
    if (sessionUser(request).role !== Role.Customer) return { products: all };
    return { products: all.map(({ workmanship_rate: _rate, our_product_id: _code, workshop_id: _workshop, user_id: _user, ...visible }) => visible) };
  });
  api.get(one, office, async (request) => ({ product: await products.getProduct(db, idParam(request.params)) }));

  api.post(API.products, admin, async (request, reply) => {
    const input = await validateBody(productSchema, request.body, TRIMMED);
    const product = await products.createProduct(db, input, sessionUser(request).id);
    return reply.code(201).send({ product, message: message('success:productCreated') });
  });

  api.put(one, admin, async (request) => {
    const id = idParam(request.params);
    const input = await validateBody(productSchema, request.body, TRIMMED);
    return { product: await products.updateProduct(db, id, input, sessionUser(request).id), message: message('success:productUpdated') };
  });

  api.delete(one, admin, async (request) => {
    await products.deleteProduct(db, idParam(request.params));
    return { message: message('success:productDeleted') };
  });

  api.get(API.productOptions, everyone, async (request) => ({ product_options: paged(await products.listOptions(db), request.query) }));
  api.get(API.productOptionValues, everyone, async (request) => ({ product_option_values: paged(await products.listOptionValues(db), request.query) }));
  api.get(API.productOptionValue(':id'), everyone, async (request) => ({
    product_option_value: await products.getOptionValue(db, idParam(request.params)),
  }));
  api.get(API.optionValuesOfOption(':id'), everyone, async (request) => {
    const option = await products.getOption(db, idParam(request.params));
    return { product_option_values: paged(await products.listOptionValues(db, option.id), request.query) };
  });

  api.get(API.productionProcess(':id'), production, async (request) => ({
    product_production_steps: paged(await products.getRouting(db, idParam(request.params)), request.query),
  }));

  const saveRouting = async (request: FastifyRequest) => {
    const { product_id, steps } = await validateBody(routingSchema, request.body);
    return { product_production_steps: await products.replaceRouting(db, product_id, steps, sessionUser(request).id), message: message('success:routingSaved') };
  };
  api.post(API.routingBulk, admin, saveRouting);
  api.put(API.routingBulk, admin, saveRouting);

  // Single-field edits of the catalogue screen.
  api.post(API.workmanshipRate(':id'), admin, async (request) => {
    const id = idParam(request.params);
    return { product: await products.updateProduct(db, id, await validateBody(workmanshipRateSchema, request.body), sessionUser(request).id) };
  });
  api.post(API.ourProductId(':id'), admin, async (request) => {
    const id = idParam(request.params);
    return { product: await products.updateProduct(db, id, await validateBody(ourProductIdSchema, request.body, ['our_product_id']), sessionUser(request).id) };
  });
  api.post(API.expectedProductionDays(':id'), admin, async (request) => {
    const id = idParam(request.params);
    return { product: await products.updateProduct(db, id, await validateBody(expectedDaysSchema, request.body), sessionUser(request).id) };
  });
}
