/* E-mail as the admin sees it: the mails that could not be sent. */
export { mailSlice } from './slice';
export { mailSaga } from './sagas';
export { FailedMailsPanel } from './FailedMailsPanel';
