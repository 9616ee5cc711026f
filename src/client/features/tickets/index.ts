/* Job tickets: the print page (/tickets, loaded with bwip-js only when opened) and the ways to it from the lists and a line's screen. */
export { TicketsButton } from './TicketsButton';
export { TicketLinks } from './TicketLinks';
export { orderTicketsPath, ticketsPath } from './query';
