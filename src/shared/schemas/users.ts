import { object } from 'yup';
import { ROLE_IDS } from '../roles';
import { email, username } from './auth';
import { integer, text } from './fields';

/** The admin's 'Kullanıcı Ekle': a user of any role, named by the register form's rules. */
export const addUserSchema = object({
  username,
  email,
  name: text().typeError('validation:nameRequired').trim().required('validation:nameRequired').max(100, 'validation:textTooLong'),
  role: integer('validation:roleRequired')
    .required('validation:roleRequired')
    .oneOf([...ROLE_IDS], 'validation:roleRequired'),
});
