/* Order lines as one entity collection that every order screen selects from. */
export { useScopeLines, useScopeLoad } from './hooks';
export type { LineScope } from './scopes';
export { EVERY_LINE } from './scopes';
export type { LineActionKind } from './actions';
export {
  selectAllLines,
  selectBusyLines,
  selectHeldScopes,
  selectLatestAction,
  selectLine,
  selectLineAction,
  selectLineHistory,
  selectLinesOf,
  selectLinesShown,
  selectLineTable,
  selectLoad,
  selectScopeLoad,
  selectSettledScopes,
  type LineTable,
} from './selectors';
export {
  customerApprovalRequested,
  gramConfirmationDeclined,
  gramConfirmationNeeded,
  gramCorrected,
  gramEntered,
  lineCancelRequested,
  orderCancelRequested,
  stepBackRequested,
  lineActionSucceeded,
  lineHistoryRequested,
  lineNoticesCleared,
  lineRequested,
  linesChanged,
  linesBatchLoaded,
  linesRequested,
  linesShown,
  linesStreamEnded,
  linesStreamStarted,
  nextStepRequested,
  orderLinesSlice,
  packingApproved,
  qualityDecided,
  shipmentRequested,
  workshopApprovalRequested,
  type LineActionState,
} from './slice';
export { orderLinesSaga } from './sagas';
export { lineIsUrgent } from './urgency';
export { LineHistory } from './LineHistory';
