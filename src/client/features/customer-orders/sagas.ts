import { call, put, takeLeading } from 'redux-saga/effects';
import { API } from '../../../shared/api';
import { failure } from '../../api/failure';
import { ApiError, http } from '../../api/http';
import { ownCustomerRequested } from '../account';
import { linesRequested } from '../order-lines';
import { manualOrderFailed, manualOrderNeedsConfirmation, manualOrderPlaced, manualOrderSubmitted } from './manualOrder';

function* placeManualOrder(action: ReturnType<typeof manualOrderSubmitted>) {
  try {
    const { message, order }: { message: string; order: { first_line_id: number } } = yield call(http.post, API.manualOrder, action.payload);
    yield put(manualOrderPlaced({ message, line_id: order.first_line_id }));
    // The order's new lines join the customer's own, and its amount leaves the available credit.
    yield put(linesRequested({ kind: 'myCustomer' }));
    yield put(ownCustomerRequested());
  } catch (error) {
    // The credit was drawn on since the form's figures were read: the server's figures, for the customer's yes.
    if (error instanceof ApiError && error.code === 'CREDIT_EXCEEDED' && error.error) {
      yield put(manualOrderNeedsConfirmation({ input: action.payload, notice: { kind: 'info', text: error.error } }));
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
