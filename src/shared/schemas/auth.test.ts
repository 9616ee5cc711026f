import { ValidationError } from 'yup';
import { changePasswordFormSchema, registerFormSchema } from './auth';

/** The first message a form would show for `values`, or null when they are valid. */
async function firstError(schema: { validate(v: unknown, o: object): Promise<unknown> }, values: object): Promise<string | null> {
  try {
    await schema.validate(values, { abortEarly: false });
    return null;
  } catch (error) {
    return (error as ValidationError).errors[0];
  }
}

describe('register form rules (spec section 5)', () => {
  const valid = { username: 'ali_1', email: 'ali@example.com', password: 'secret', password_confirmation: 'secret' };

  test.each([
    [{ ...valid }, null],
    [{ ...valid, username: '  ali_1  ' }, null],
    [{ ...valid, username: '' }, 'validation:usernameRequired'],
    [{ ...valid, username: 'al' }, 'validation:usernameFormat'],
    [{ ...valid, username: 'a'.repeat(21) }, 'validation:usernameFormat'],
    [{ ...valid, username: 'ali-1' }, 'validation:usernameFormat'],
    [{ ...valid, email: '' }, 'validation:emailRequired'],
    [{ ...valid, email: 'ali@' }, 'validation:emailInvalid'],
    [{ ...valid, password: '12345', password_confirmation: '12345' }, 'validation:passwordMin'],
    [{ ...valid, password_confirmation: 'secreT' }, 'validation:passwordsDiffer'],
  ])('%j -> %s', async (values, expected) => {
    expect(await firstError(registerFormSchema, values)).toBe(expected);
  });
});

describe('password change form rules', () => {
  const valid = { username: 'ali_1', old_password: 'old', new_password: 'secret', new_password_repeat: 'secret' };

  test.each([
    [{ ...valid }, null],
    [{ ...valid, old_password: '' }, 'validation:allFieldsRequired'],
    [{ ...valid, new_password_repeat: '' }, 'validation:allFieldsRequired'],
    [{ ...valid, new_password_repeat: 'secreT' }, 'validation:newPasswordsDiffer'],
    [{ ...valid, new_password: '12345', new_password_repeat: '12345' }, 'validation:newPasswordMin'],
  ])('%j -> %s', async (values, expected) => {
    expect(await firstError(changePasswordFormSchema, values)).toBe(expected);
  });
});
