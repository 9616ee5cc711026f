import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { said } from '../../messages';
import { paged, PAGING_QUERY } from '../../paging';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, type DeclaringBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import { ADMINS, EVERY_ACTIVE, OFFICE, OFFICE_AND_CUSTOMERS, PRODUCTION, Role } from '../../../shared/roles';
import { expectedDaysSchema, ourProductIdSchema, productSchema, routingSchema, workmanshipRateSchema } from '../../../shared/schemas/products';
import * as products from './service';

const TRIMMED = ['title', 'picture_url', 'shopify_product_id', 'shopify_variant_id', 'product_group', 'category', 'vendor', 'sku', 'our_product_id'];

export function productRoutes(api: FastifyInstance, db: Db): void {
  const route = routesOf('Catalogue');
  const admin = { config: { roles: ADMINS } };
  const office = { config: { roles: OFFICE } };
  // Option names and routings appear on workshop and customer screens too.
  const everyone = { config: { roles: EVERY_ACTIVE } };
  const production = { config: { roles: PRODUCTION } };
  const one = API.product(':id');

  // Customers choose from the catalogue for manual orders, without the workshop's terms.
  const catalogue = { config: { roles: OFFICE_AND_CUSTOMERS } };
  api.get(API.products, route(catalogue, { summary: "List the catalogue; a customer's without the workshop's terms", query: PAGING_QUERY }), async (request) => {
    const all = paged(await products.listProducts(db), request.query);
    if (sessionUser(request).role !== Role.Customer) return { products: all };
    return { products: all.map(({ workmanship_rate: _rate, our_product_id: _code, workshop_id: _workshop, user_id: _user, ...visible }) => visible) };
  });
  api.get(one, route(office, { summary: 'One product' }), async (request) => ({ product: await products.getProduct(db, idParam(request.params)) }));

  api.post(API.products, route(admin, { summary: 'Add a product (its code not another product\'s)', body: productSchema, trim: TRIMMED, created: true, errors: [409] }), async (request, reply) => {
    const input = await declaredBody(request);
    const product = await products.createProduct(db, input, sessionUser(request).id);
    return reply.code(201).send({ product, ...said('success:productCreated') });
  });

  api.put(one, route(admin, { summary: 'Change a product (its code not another product\'s)', body: productSchema, trim: TRIMMED, errors: [409] }), async (request) => {
    const id = idParam(request.params);
    const input = await declaredBody(request);
    return { product: await products.updateProduct(db, id, input, sessionUser(request).id), ...said('success:productUpdated') };
  });

  api.delete(one, route(admin, { summary: 'Delete a product no order line names', errors: [409] }), async (request) => {
    await products.deleteProduct(db, idParam(request.params));
    return { ...said('success:productDeleted') };
  });

  api.get(API.productOptions, route(everyone, { summary: 'List product options (material, chain length, size, color, karat)', query: PAGING_QUERY }), async (request) => ({
    product_options: paged(await products.listOptions(db), request.query),
  }));
  api.get(API.productOptionValues, route(everyone, { summary: 'List the values of every option', query: PAGING_QUERY }), async (request) => ({
    product_option_values: paged(await products.listOptionValues(db), request.query),
  }));
  api.get(API.productOptionValue(':id'), route(everyone, { summary: 'One option value' }), async (request) => ({
    product_option_value: await products.getOptionValue(db, idParam(request.params)),
  }));
  api.get(API.optionValuesOfOption(':id'), route(everyone, { summary: 'List the values of one option', query: PAGING_QUERY }), async (request) => {
    const option = await products.getOption(db, idParam(request.params));
    return { product_option_values: paged(await products.listOptionValues(db, option.id), request.query) };
  });

  api.get(API.productionProcess(':id'), route(production, { summary: "A product's routing: its production steps in order", query: PAGING_QUERY }), async (request) => ({
    product_production_steps: paged(await products.getRouting(db, idParam(request.params)), request.query),
  }));

  // The body names its product: an unknown one answers 404.
  const routing = (summary: string) => route(admin, { summary, body: routingSchema, errors: [404] });
  const saveRouting = async (request: FastifyRequest & DeclaringBody<typeof routingSchema>) => {
    const { product_id, steps } = await declaredBody(request);
    return { product_production_steps: await products.replaceRouting(db, product_id, steps, sessionUser(request).id), ...said('success:routingSaved') };
  };
  api.post(API.routingBulk, routing("Replace a product's whole routing (as PUT)"), saveRouting);
  api.put(API.routingBulk, routing("Replace a product's whole routing"), saveRouting);

  // Single-field edits of the catalogue screen.
  api.post(API.workmanshipRate(':id'), route(admin, { summary: "Set a product's workmanship rate", body: workmanshipRateSchema }), async (request) => {
    const id = idParam(request.params);
    return { product: await products.updateProduct(db, id, await declaredBody(request), sessionUser(request).id) };
  });
  const ourProductIdRoute = route(admin, { summary: "Set a product's own code, not another product's", body: ourProductIdSchema, trim: ['our_product_id'], errors: [409] });
  api.post(API.ourProductId(':id'), ourProductIdRoute, async (request) => {
    const id = idParam(request.params);
    return { product: await products.updateProduct(db, id, await declaredBody(request), sessionUser(request).id) };
  });
  api.post(API.expectedProductionDays(':id'), route(admin, { summary: "Set a product's expected production days", body: expectedDaysSchema }), async (request) => {
    const id = idParam(request.params);
    return { product: await products.updateProduct(db, id, await declaredBody(request), sessionUser(request).id) };
  });
}
