import { API } from '../../../shared/api';

/** The life-cycle actions a screen can ask for on a line, with what each carries. */
export type LineIntent =
  /** `shownStep`: the step the screen showed when tapped, so a line that moved since is not moved again. */
  | { kind: 'nextStep'; id: number; shownStep: number }
  | { kind: 'workshopApprove'; id: number }
  /** `confirmed`: the person's yes to a gram far from the expected weight (the server asks for it with 409 GRAM_CONFIRM). */
  | { kind: 'gram'; id: number; gram: number; confirmed: boolean }
  | { kind: 'quality'; id: number; approved: boolean; returnStep: number | null; reason: string }
  | { kind: 'packing'; id: number }
  | { kind: 'gramCorrection'; id: number; gram: number; confirmed: boolean }
  | { kind: 'customerApprove'; id: number }
  /** The packed pieces of the line's order handed to the carrier. */
  | { kind: 'shipment'; id: number; tracking: string }
  /** The admin's corrections, each with its reason; `cancelOrder` cancels every open line of the line's order. */
  | { kind: 'stepBack'; id: number; step: number; reason: string }
  | { kind: 'cancelLine'; id: number; reason: string }
  | { kind: 'cancelOrder'; id: number; orderId: number; reason: string };

export type LineActionKind = LineIntent['kind'];

/** A gram typed in: the workshop's entry or the admin's correction. */
export type GramIntent = Extract<LineIntent, { kind: 'gram' | 'gramCorrection' }>;

const gramBody = (intent: GramIntent) => ({ product_gram: intent.gram, ...(intent.confirmed ? { gram_confirmed: true } : {}) });

interface Request {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  body: unknown;
  /** Catalogue key shown when the server sends no sentence. */
  fallback: string;
}

/** How each action reaches the server (SPEC section 7). Only the sagas ask this. */
export function requestOf(intent: LineIntent): Request {
  switch (intent.kind) {
    case 'nextStep':
      return { method: 'PATCH', path: API.myWorkshopNextStep(intent.id), body: { current_order_line_process: intent.shownStep }, fallback: 'workshopOrders:nextFailed' };
    case 'workshopApprove':
      return { method: 'PATCH', path: API.myWorkshopApprove(intent.id), body: { approved: true }, fallback: 'workshopOrders:approveFailed' };
    case 'gram':
      return { method: 'POST', path: API.myWorkshopGram(intent.id), body: gramBody(intent), fallback: 'workshopOrders:gramFailed' };
    case 'quality':
      return {
        method: 'PUT',
        path: API.qualityStatus(intent.id),
        body: { approved: intent.approved, reason: intent.reason, return_step_id: intent.returnStep },
        fallback: 'orders:qualityFailedUnknown',
      };
    case 'packing':
      return { method: 'PUT', path: API.approveShipping(intent.id), body: {}, fallback: 'orders:packingFailedUnknown' };
    case 'gramCorrection':
      return { method: 'PUT', path: API.correctGram(intent.id), body: gramBody(intent), fallback: 'orders:gramFailedUnknown' };
    case 'customerApprove':
      return { method: 'PATCH', path: API.myCustomerApprove(intent.id), body: { approved: true }, fallback: 'customerOrders:approveFailed' };
    case 'shipment':
      return { method: 'PUT', path: API.shipment(intent.id), body: { shipment_tracking_number: intent.tracking }, fallback: 'orders:shipmentFailedUnknown' };
    case 'stepBack':
      return { method: 'PUT', path: API.stepBack(intent.id), body: { step_id: intent.step, reason: intent.reason }, fallback: 'orders:correction.failed' };
    case 'cancelLine':
      return { method: 'PUT', path: API.cancelLine(intent.id), body: { reason: intent.reason }, fallback: 'orders:correction.failed' };
    case 'cancelOrder':
      return { method: 'PUT', path: API.cancelOrder(intent.orderId), body: { reason: intent.reason }, fallback: 'orders:correction.failed' };
  }
}
