import { all, call, put } from 'redux-saga/effects';
import { API, type LookupDto, type OptionValueDto } from '../../../shared/api';
import { http } from '../../api/http';
import { FAILED, request } from '../../api/request';
import { takeLoadOnce } from '../session';
import { lookupsFailed, lookupsLoaded, lookupsRequested, selectLookupsStatus } from './slice';

type Answers = [
  { statuses: LookupDto[] },
  { quality_control_statuses: LookupDto[] },
  { packing_statuses: LookupDto[] },
  { product_option_values: OptionValueDto[] },
];

/** The four fixed lists in one go. */
function* load() {
  const answers = yield* request<Answers>(
    all([call(http.get, API.statuses), call(http.get, API.qualityControlStatuses), call(http.get, API.packingStatuses), call(http.get, API.productOptionValues)]),
    lookupsFailed,
    'common:loadFailed',
  );
  if (answers === FAILED) return;
  const [statuses, quality, packing, values] = answers;
  yield put(
    lookupsLoaded({
      statuses: statuses.statuses ?? [],
      qualityControlStatuses: quality.quality_control_statuses ?? [],
      packingStatuses: packing.packing_statuses ?? [],
      optionValues: values.product_option_values ?? [],
    }),
  );
}

export function* lookupsSaga() {
  yield takeLoadOnce(lookupsRequested.type, selectLookupsStatus, load);
}
