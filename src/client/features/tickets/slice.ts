import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TicketDto } from '../../../shared/api/tickets';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedOut } from '../session';

/** The tickets of the page last opened, read anew each time (lines move all day). */
export interface TicketsState extends Loadable {
  /** The route's query they answer (`lines=1,2` or `order=7`). */
  query: string | null;
  tickets: TicketDto[];
}

const initialState: TicketsState = { ...notLoaded(), query: null, tickets: [] };

export const ticketsSlice = createSlice({
  name: 'tickets',
  initialState,
  reducers: {
    ticketsRequested: (state, action: PayloadAction<string>) => {
      state.query = action.payload;
      state.tickets = [];
      loading(state);
    },
    ticketsLoaded: (state, action: PayloadAction<TicketDto[]>) => {
      state.tickets = action.payload;
      loaded(state);
    },
    ticketsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { ticketsRequested, ticketsLoaded, ticketsFailed } = ticketsSlice.actions;
export const selectTickets = (state: { tickets: TicketsState }) => state.tickets;
