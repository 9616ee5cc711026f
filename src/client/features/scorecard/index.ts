/* A workshop's scorecard: the component the workshop detail and the flow screen show, its slice and saga for the composition root. */
export { Scorecard } from './Scorecard';
export { scorecardSlice } from './slice';
export { scorecardSaga } from './sagas';
