/* The user's notifications: the header's bell, its count kept current by the live channel, and its panel. */
export { NotificationBell } from './NotificationBell';
export { notificationsSlice } from './slice';
export { notificationsSaga } from './sagas';
