import { call, put, takeLeading } from 'redux-saga/effects';
import { API } from '../../../shared/api';
import { failure } from '../../api/failure';
import { http } from '../../api/http';
import { linesRequested } from '../order-lines';
import { manualOrderFailed, manualOrderPlaced, manualOrderSubmitted } from './manualOrder';

function* placeManualOrder(action: ReturnType<typeof manualOrderSubmitted>) {
  try {
    const { message }: { message: string } = yield call(http.post, API.manualOrder, action.payload);
    yield put(manualOrderPlaced({ message }));
    // The order's new lines join the customer's own.
    yield put(linesRequested({ kind: 'myCustomer' }));
  } catch (error) {
    yield put(manualOrderFailed(failure(error, 'customerOrders:form.failed')));
  }
}

export function* customerOrdersSaga() {
  // One sent order is never sent twice.
  yield takeLeading(manualOrderSubmitted.type, placeManualOrder);
}
