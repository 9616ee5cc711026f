import { call, put, takeLeading } from 'redux-saga/effects';
import { API, type SaidBody } from '../../../shared/api';
import { failure } from '../../api/failure';
import { ApiError, http } from '../../api/http';
import { said, sentenceOf } from '../../api/said';
import { ownCustomerRequested } from '../account';
import { customerRequested } from '../customers';
import { linesRequested } from '../order-lines';
import { manualOrderFailed, manualOrderNeedsConfirmation, manualOrderPlaced, manualOrderSubmitted } from './manualOrder';

/** The credit standing the order was checked against, read again: the customer's own, or the chosen customer's for a phone order. */
function* standingRead(customerId: number | undefined) {
  yield put(customerId === undefined ? ownCustomerRequested() : customerRequested(customerId));
}

function* placeManualOrder(action: ReturnType<typeof manualOrderSubmitted>) {
  const { customer_id: customerId, ...body } = action.payload;
  try {
    const path = customerId === undefined ? API.manualOrder : API.customerOrders(customerId);
    const answer: SaidBody & { order: { order_number: string } } = yield call(http.post, path, body);
    yield put(manualOrderPlaced({ message: said(answer), order_number: answer.order.order_number, customer_id: customerId ?? null }));
    // The order's new lines join the customer's own, and its amount leaves the available credit.
    if (customerId === undefined) yield put(linesRequested({ kind: 'myCustomer' }));
    yield* standingRead(customerId);
  } catch (error) {
    // The credit was drawn on since the form's figures were read: the server's figures, for the yes.
    if (error instanceof ApiError && error.code === 'CREDIT_EXCEEDED' && error.error) {
      yield put(manualOrderNeedsConfirmation({ input: action.payload, notice: { kind: 'info', ...sentenceOf(error.error, error.messageKey) } }));
      yield* standingRead(customerId);
    } else {
      yield put(manualOrderFailed(failure(error, 'customerOrders:form.failed')));
    }
  }
}

export function* customerOrdersSaga() {
  // One sent order is never sent twice.
  yield takeLeading(manualOrderSubmitted.type, placeManualOrder);
}
