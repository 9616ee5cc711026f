import { object, ref } from 'yup';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../limits';
import { foldCase } from '../text';
import { text } from './fields';

/*
 * Validation rules of SPEC section 5, used by the forms (through yupResolver) and by the server.
 * Messages are keys of locales/<lng>/validation.json so translators own the sentences;
 * the server answers with the Turkish text of the same key.
 */

/**
 * A username, as it is registered, added by the admin, or looked up at login and password change
 * (where any case of the same letters finds it): 'ayşe_öz', 'ÇİĞDEM_1'. Turkish case folding with
 * dotless ı read as i, so an ASCII name keeps the key it always had (its lower case). The server
 * looks names up by the same key in SQL (server/modules/auth/usernames.ts `usernameKeySql`).
 */
export const usernameKey = (name: string): string => foldCase(name);

export const username = text()
  .typeError('validation:usernameRequired')
  .trim()
  .required('validation:usernameRequired')
  .min(USERNAME_MIN, 'validation:usernameFormat')
  .max(USERNAME_MAX, 'validation:usernameFormat')
  .matches(USERNAME_PATTERN, 'validation:usernameFormat');

export const email = text()
  .typeError('validation:emailRequired')
  .trim()
  .required('validation:emailRequired')
  .max(EMAIL_MAX, 'validation:emailInvalid')
  .email('validation:emailInvalid');

const newPassword = text()
  .typeError('validation:passwordMin')
  .required('validation:passwordMin')
  .min(PASSWORD_MIN, 'validation:passwordMin')
  .max(PASSWORD_MAX, 'validation:passwordMax');

export const loginSchema = object({
  username: text().typeError('validation:usernameRequired').trim().required('validation:usernameRequired').max(100, 'validation:usernameRequired'),
  password: text().typeError('validation:passwordRequired').required('validation:passwordRequired').max(PASSWORD_MAX, 'validation:passwordMax'),
});

export const registerSchema = object({
  username,
  email,
  password: newPassword,
});

export const registerFormSchema = registerSchema.shape({
  password_confirmation: text()
    .required('validation:passwordsDiffer')
    .oneOf([ref('password')], 'validation:passwordsDiffer'),
});

export const forgotPasswordSchema = object({
  email,
});

export const resetPasswordSchema = object({
  token: text().typeError('validation:resetTokenInvalid').required('validation:resetTokenInvalid').max(200, 'validation:resetTokenInvalid'),
  password: newPassword,
});

export const resetPasswordFormSchema = object({
  password: newPassword,
  password_confirmation: text()
    .required('validation:passwordsDiffer')
    .oneOf([ref('password')], 'validation:passwordsDiffer'),
});

const filled = text().typeError('validation:allFieldsRequired').required('validation:allFieldsRequired');

export const changePasswordSchema = object({
  username: filled.trim(),
  old_password: filled.max(PASSWORD_MAX, 'validation:passwordMax'),
  new_password: filled.min(PASSWORD_MIN, 'validation:newPasswordMin').max(PASSWORD_MAX, 'validation:passwordMax'),
});

export const changePasswordFormSchema = changePasswordSchema.shape({
  // A custom test (not oneOf) so an empty repeat reports 'fill every field' before 'they differ'.
  new_password_repeat: filled.test('same', 'validation:newPasswordsDiffer', function (value) {
    return !value || value === this.parent.new_password;
  }),
});

export const refreshSchema = object({
  refresh_token: text().typeError('validation:refreshTokenRequired').required('validation:refreshTokenRequired').max(200, 'validation:refreshTokenRequired'),
});
