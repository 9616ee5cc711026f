import { startOpeningRead } from '../features/order-lines/openingRead';

// main.tsx imports this first: the request leaves before the rest of the app's code is evaluated.
startOpeningRead();
