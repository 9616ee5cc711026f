/* Where pieces wait (the flow report): its slice and saga for the composition root; the screen loads lazily. */
export { flowSlice } from './slice';
export { flowSaga } from './sagas';
export { inPlace, PLACE_PARAMS, placeFromSearch, type PlaceFilter } from './placeLinks';
export { PlaceFilterBanner } from './PlaceFilterBanner';
