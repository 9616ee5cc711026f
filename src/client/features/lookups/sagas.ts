import { all, call, put } from 'redux-saga/effects';
import { takeLoadOnce } from '../../app/loadOnce';
import { API, type LookupDto, type OptionValueDto } from '../../../shared/api';
import { http } from '../../api/http';
import { lookupsFailed, lookupsLoaded, lookupsRequested, selectLookupsStatus } from './slice';

/** The four fixed lists in one go. */
function* load() {
  try {
    const [statuses, quality, packing, values]: [
      { statuses: LookupDto[] },
      { quality_control_statuses: LookupDto[] },
      { packing_statuses: LookupDto[] },
      { product_option_values: OptionValueDto[] },
    ] = yield all([
      call(http.get, API.statuses),
      call(http.get, API.qualityControlStatuses),
      call(http.get, API.packingStatuses),
      call(http.get, API.productOptionValues),
    ]);
    yield put(
      lookupsLoaded({
        statuses: statuses.statuses ?? [],
        qualityControlStatuses: quality.quality_control_statuses ?? [],
        packingStatuses: packing.packing_statuses ?? [],
        optionValues: values.product_option_values ?? [],
      }),
    );
  } catch {
    yield put(lookupsFailed());
  }
}

export function* lookupsSaga() {
  yield takeLoadOnce(lookupsRequested.type, selectLookupsStatus, load);
}
