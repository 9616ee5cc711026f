import { call, put, takeLeading } from 'redux-saga/effects';
import { API, type SaidBody } from '../../../shared/api';
import { failure } from '../../api/failure';
import { ApiError, http } from '../../api/http';
import { said, sentenceOf } from '../../api/said';
import { ownCustomerRequested } from '../account';
import { linesRequested } from '../order-lines';
import { manualOrderFailed, manualOrderNeedsConfirmation, manualOrderPlaced, manualOrderSubmitted } from './manualOrder';

function* placeManualOrder(action: ReturnType<typeof manualOrderSubmitted>) {
  try {
    const answer: SaidBody & { order: { first_line_id: number } } = yield call(http.post, API.manualOrder, action.payload);
    yield put(manualOrderPlaced({ message: said(answer), line_id: answer.order.first_line_id }));
    // The order's new lines join the customer's own, and its amount leaves the available credit.
    yield put(linesRequested({ kind: 'myCustomer' }));
    yield put(ownCustomerRequested());
  } catch (error) {
    // The credit was drawn on since the form's figures were read: the server's figures, for the customer's yes.
    if (error instanceof ApiError && error.code === 'CREDIT_EXCEEDED' && error.error) {
      yield put(manualOrderNeedsConfirmation({ input: action.payload, notice: { kind: 'info', ...sentenceOf(error.error, error.messageKey) } }));
      yield put(ownCustomerRequested());
    } else {
      yield put(manualOrderFailed(failure(error, 'customerOrders:form.failed')));
    }
  }
}

export function* customerOrdersSaga() {
  // One sent order is never sent twice.
  yield takeLeading(manualOrderSubmitted.type, placeManualOrder);
}
