import { object } from 'yup';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '../notifications';
import { text } from './fields';

/**
 * The body of PUT /api/v1/notifications/preferences: the kinds whose channel the user chooses,
 * each one of 'app', 'email', 'digest' or 'off'; a kind left out keeps what it had. A kind the
 * user's role is never told of (or no kind at all) is refused by the server.
 */
export const notificationPreferencesSchema = object({
  preferences: object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, text().typeError('validation:notificationChannelUnknown').oneOf([...NOTIFICATION_CHANNELS], 'validation:notificationChannelUnknown')])),
  )
    .typeError('validation:notificationKindUnknown')
    .required('validation:notificationKindUnknown'),
});
