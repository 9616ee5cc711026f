import { call, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { API, type WorkshopScorecardDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { scorecardFailed, scorecardLoaded, scorecardRequested } from './slice';

/** The default months of a workshop's scorecard (the server's: the last six, this one included); a newer question overtakes an older one. */
function* loadScorecard(action: PayloadAction<number>) {
  const query = new URLSearchParams({ workshop_id: String(action.payload) });
  yield* callAndStore(call(http.get, `${API.workshopScorecard}?${query}`), (answer: WorkshopScorecardDto) => scorecardLoaded({ workshop_id: answer.workshop_id, months: [...answer.months] }), scorecardFailed, 'scorecard:failed');
}

export function* scorecardSaga() {
  yield takeLatest(scorecardRequested.type, loadScorecard);
}
