import { all, call } from 'redux-saga/effects';
import { API, type LookupDto, type OptionValueDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
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
  yield* callAndStore(
    all([call(http.get, API.statuses), call(http.get, API.qualityControlStatuses), call(http.get, API.packingStatuses), call(http.get, API.productOptionValues)]),
    ([statuses, quality, packing, values]: Answers) =>
      lookupsLoaded({
        statuses: statuses.statuses ?? [],
        qualityControlStatuses: quality.quality_control_statuses ?? [],
        packingStatuses: packing.packing_statuses ?? [],
        optionValues: values.product_option_values ?? [],
      }),
    lookupsFailed,
    'common:loadFailed',
  );
}

export function* lookupsSaga() {
  yield takeLoadOnce(lookupsRequested.type, selectLookupsStatus, load);
}
