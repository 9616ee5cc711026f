/* The session as other features see it: who is logged in, and the actions that start and end it. */
export { loggedIn, loggedOut, logoutRequested, profileLoaded, selectSession, sessionReloaded, type SessionState } from './slice';
