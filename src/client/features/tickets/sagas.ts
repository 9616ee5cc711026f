import type { PayloadAction } from '@reduxjs/toolkit';
import { call, takeLatest } from 'redux-saga/effects';
import { API } from '../../../shared/api';
import type { TicketsDto } from '../../../shared/api/tickets';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { ticketsFailed, ticketsLoaded, ticketsRequested } from './slice';

function* loadTickets(action: PayloadAction<string>) {
  yield* callAndStore(call(http.get, `${API.tickets}?${action.payload}`), (answer: TicketsDto) => ticketsLoaded(answer.tickets), ticketsFailed, 'tickets:failed');
}

export function* ticketsSaga() {
  yield takeLatest(ticketsRequested.type, loadTickets);
}
