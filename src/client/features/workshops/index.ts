/* The workshops as other features see them: one collection, loaded once. */
export { workshopsSlice, workshopCreated, workshopsRequested, selectWorkshops, selectWorkshopById } from './slice';
export { workshopsSaga } from './sagas';
