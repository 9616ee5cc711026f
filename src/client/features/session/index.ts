/* The session as other features see it: who is logged in, the actions that start and end it, and the load that lasts as long as it. */
export { loggedIn, loggedOut, logoutRequested, profileLoaded, selectSession, sessionReloaded, type SessionState } from './slice';
export { takeLoadOnce, untilSessionChanges } from './loadOnce';
