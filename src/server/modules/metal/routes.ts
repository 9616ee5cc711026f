import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { LineBus } from '../live/bus';
import { sessionActor, sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody, idParam } from '../../validate';
import { API } from '../../../shared/api';
import type { PeriodQuery } from '../../../shared/metal-api';
import { ADMINS, OFFICE, PRODUCTION, Role, WORKSHOPS } from '../../../shared/roles';
import { DAY_PATTERN, disputeSchema, karatSchema, lockSchema, normSchema, periodSchema, puritySchema, refiningLotSchema, type RefiningLotInput, type VoucherInput, voucherSchema } from '../../../shared/schemas/metal';
import { balances, statement } from './ledger';
import { lockBefore, lockedBefore } from './lock';
import { addNorm, listNorms, lossReport } from './loss';
import { receivablePieces } from './pieces';
import { karats, listPurities, setKarat, updatePurity } from './purities';
import { createRefiningLot, refiningLots } from './refining';
import { createVoucher, decideVoucher, getVoucher, listVouchers } from './vouchers';

const DAY_QUERY = { schema: { type: 'string', pattern: DAY_PATTERN.source }, description: 'A day (YYYY-MM-DD), inclusive' } as const;

/** `from` and `to` of a report, each a day or absent; anything else is refused. */
function period(request: FastifyRequest): PeriodQuery {
  const { from, to } = (request.query ?? {}) as Record<string, unknown>;
  try {
    return periodSchema.validateSync({ from, to }, { strict: true });
  } catch {
    throw badRequest('validation:voucherDateInvalid', 'VALIDATION');
  }
}

/**
 * The metal ledger (DESIGN.md, 'Metal ledger API'): admins write vouchers and purities, the office
 * reads everything, a workshop reads and answers only its own vouchers and statement; customers
 * see nothing of it.
 */
export function metalRoutes(api: FastifyInstance, db: Db, bus: LineBus): void {
  const route = routesOf('Metal ledger');
  const admin = { config: { roles: ADMINS } };
  const office = { config: { roles: OFFICE } };
  const production = { config: { roles: PRODUCTION } };
  const workshop = { config: { roles: WORKSHOPS } };
  /** The workshop a workshop user reads for; none for the office, which reads every one. */
  const ownWorkshop = (request: FastifyRequest) => (sessionUser(request).role === Role.Workshop ? sessionActor(request).workshopId : undefined);

  api.get(API.metalPurities, route(production, { summary: 'The purity table: ayar to milyem' }), async () => ({ purities: await listPurities(db) }));
  api.put(API.metalPurity(':id'), route(admin, { summary: "Change a purity's milyem (vouchers keep the milyem they were written with)", body: puritySchema }), async (request) => {
    const id = idParam(request.params);
    const { milyem } = await declaredBody(request);
    return { purity: await updatePurity(db, id, milyem) };
  });

  api.get(API.metalKarats, route(production, { summary: 'The karat option values and the purity each stands for' }), async () => ({ karats: await karats(db) }));
  api.put(API.metalKarat(':id'), route(admin, { summary: 'Say which purity a karat option value stands for (null: none)', body: karatSchema }), async (request) => {
    const id = idParam(request.params);
    const { purity_id } = await declaredBody(request);
    return { karat: await setKarat(db, id, purity_id ?? null) };
  });

  const createRoute = route(admin, { summary: 'Write a voucher (issue or receipt), or the reversal of a confirmed one', body: voucherSchema, trim: ['note'], created: true, errors: [404, 409] });
  api.post(API.metalVouchers, createRoute, async (request, reply) => {
    const input = await declaredBody(request);
    return reply.code(201).send({ voucher: await createVoucher(db, bus, sessionUser(request).id, input as VoucherInput) });
  });
  api.get(API.metalVouchers, route(production, { summary: 'Vouchers, newest first: every one for the office, its own for a workshop' }), async (request) => ({
    vouchers: await listVouchers(db, ownWorkshop(request)),
  }));
  api.get(API.metalVoucher(':id'), route(production, { summary: 'One voucher with its lines' }), async (request) => {
    const id = idParam(request.params);
    return { voucher: await getVoucher(db, id, ownWorkshop(request)) };
  });

  api.post(API.metalVoucherConfirm(':id'), route(workshop, { summary: 'The workshop confirms a voucher addressed to it: its ledger entries are written', body: null, errors: [409] }), async (request) => {
    const id = idParam(request.params);
    const actor = sessionActor(request);
    return { voucher: await decideVoucher(db, bus, actor.userId, actor.workshopId!, id, { confirmed: true }) };
  });
  const disputeRoute = route(workshop, { summary: 'The workshop disputes a voucher addressed to it, with a reason', body: disputeSchema, trim: ['reason'], errors: [409] });
  api.post(API.metalVoucherDispute(':id'), disputeRoute, async (request) => {
    const id = idParam(request.params);
    const { reason } = await declaredBody(request);
    const actor = sessionActor(request);
    return { voucher: await decideVoucher(db, bus, actor.userId, actor.workshopId!, id, { confirmed: false, reason }) };
  });

  const statementRoute = route(production, { summary: "A workshop's statement in fine gold: opening, entries, closing, by milyem", query: { from: DAY_QUERY, to: DAY_QUERY } });
  api.get(API.metalStatement(':id'), statementRoute, async (request) => {
    const id = idParam(request.params);
    const own = ownWorkshop(request);
    // A workshop reads its own statement only: another's is as if it did not exist.
    if (own !== undefined && own !== id) throw notFound();
    const { from, to } = period(request);
    return { statement: await statement(db, id, from, to) };
  });
  api.get(API.metalLock, route(production, { summary: 'The day before which periods are closed (null: none)' }), async () => ({ locked_before: await lockedBefore(db) }));
  api.put(API.metalLock, route(admin, { summary: 'Close the periods before a day (a lock only moves forward)', body: lockSchema, errors: [409] }), async (request) => {
    const { locked_before } = await declaredBody(request);
    return { locked_before: await lockBefore(db, locked_before) };
  });
  api.get(API.metalReceivable(':id'), route(production, { summary: "A workshop's pieces not yet received, for a receipt: weighed ones with their grams, and canceled ones from production, weighed or to weigh" }), async (request) => {
    const id = idParam(request.params);
    const own = ownWorkshop(request);
    if (own !== undefined && own !== id) throw notFound();
    return { pieces: await receivablePieces(db, id) };
  });
  api.get(API.metalNorms, route(office, { summary: 'Allowed loss per mille by workshop, step, milyem and validity' }), async () => ({ norms: await listNorms(db) }));
  api.post(API.metalNorms, route(admin, { summary: 'Add an allowed loss (the most specific valid norm applies)', body: normSchema, created: true }), async (request, reply) =>
    reply.code(201).send({ norm: await addNorm(db, await declaredBody(request)) }),
  );
  const lossRoute = route(office, { summary: 'Loss by workshop, milyem and step over a period, beside its norm; by workshop, the fine gold lost, recovered by refining and unrecovered', query: { from: DAY_QUERY, to: DAY_QUERY } });
  api.get(API.metalLoss, lossRoute, async (request) => {
    const { from, to } = period(request);
    const { rows, workshops } = await lossReport(db, from, to);
    return { loss: rows, workshops };
  });
  api.get(API.metalRefining, route(office, { summary: 'Refining lots (ramat): dust sent, assay, fine recovered and its shares by workshop' }), async () => ({ lots: await refiningLots(db) }));
  const refiningRoute = route(admin, { summary: 'Record a refining lot: its recovered fine gold is shared back by the net weight issued over its period', body: refiningLotSchema, trim: ['note'], created: true, errors: [409] });
  api.post(API.metalRefining, refiningRoute, async (request, reply) =>
    reply.code(201).send({ lot: await createRefiningLot(db, sessionUser(request).id, (await declaredBody(request)) as RefiningLotInput) }),
  );
  api.get(API.metalBalances, route(office, { summary: 'Fine gold owed by every workshop, with its oldest pending voucher, its overdue pieces and its pieces to receive' }), async () => ({ balances: await balances(db) }));
}
