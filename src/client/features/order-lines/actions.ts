import { API } from '../../../shared/api';

/** The life-cycle actions a screen can ask for on a line, with what each carries. */
export type LineIntent =
  /** `shownStep`: the step the screen showed when tapped, so a line that moved since is not moved again. */
  | { kind: 'nextStep'; id: number; shownStep: number }
  | { kind: 'workshopApprove'; id: number }
  | { kind: 'gram'; id: number; gram: number }
  | { kind: 'quality'; id: number; approved: boolean; returnStep: number | null; reason: string }
  | { kind: 'packing'; id: number }
  | { kind: 'gramCorrection'; id: number; gram: number }
  | { kind: 'customerApprove'; id: number }
  /** The packed pieces of the line's order handed to the carrier. */
  | { kind: 'shipment'; id: number; tracking: string }
  /** The admin's corrections, each with its reason; `cancelOrder` cancels every open line of the line's order. */
  | { kind: 'stepBack'; id: number; step: number; reason: string }
  | { kind: 'cancelLine'; id: number; reason: string }
  | { kind: 'cancelOrder'; id: number; orderId: number; reason: string };

export type LineActionKind = LineIntent['kind'];

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
      return { method: 'POST', path: API.myWorkshopGram(intent.id), body: { product_gram: intent.gram }, fallback: 'workshopOrders:gramFailed' };
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
      return { method: 'PUT', path: API.correctGram(intent.id), body: { product_gram: intent.gram }, fallback: 'orders:gramFailedUnknown' };
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
