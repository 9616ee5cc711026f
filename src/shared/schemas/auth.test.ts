import { ValidationError } from 'yup';
import { changePasswordFormSchema, registerFormSchema, usernameKey } from './auth';
import { addUserSchema } from './users';

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
    // Letters are the Turkish alphabet's too; still 3-20 of letters, digits and underscore.
    [{ ...valid, username: 'ayşe_öz' }, null],
    [{ ...valid, username: 'ÇİĞDEM_1' }, null],
    [{ ...valid, username: 'ab' }, 'validation:usernameFormat'],
    [{ ...valid, username: 'a-b' }, 'validation:usernameFormat'],
    [{ ...valid, username: 'ş'.repeat(21) }, 'validation:usernameFormat'],
    [{ ...valid, username: 'ş'.repeat(20) }, null],
    [{ ...valid, username: 'ali ✓' }, 'validation:usernameFormat'],
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

test('one name in any case of its letters has one key, Turkish capitals and dotless ı too; an ASCII name keeps its lower case', () => {
  expect(['ÇİĞDEM_1', 'çiğdem_1', 'ÇiĞdEm_1'].map(usernameKey)).toEqual(['çiğdem_1', 'çiğdem_1', 'çiğdem_1']);
  expect(['AYŞE_ÖZ', 'ayşe_öz'].map(usernameKey)).toEqual(['ayşe_öz', 'ayşe_öz']);
  expect(['ADMIN_IT', 'Işık', 'ışık'].map(usernameKey)).toEqual(['admin_it', 'işik', 'işik']);
});

describe("the admin's add-user rules: the register form's name and address, a name, one of the roles", () => {
  const valid = { username: 'ayşe_öz', email: 'ayse@example.com', name: 'Ayşe Öz', role: 4 };
  test.each([
    [{ ...valid }, null],
    [{ ...valid, username: 'a-b' }, 'validation:usernameFormat'],
    [{ ...valid, email: 'ayse@' }, 'validation:emailInvalid'],
    [{ ...valid, name: ' ' }, 'validation:nameRequired'],
    [{ ...valid, role: 9 }, 'validation:roleRequired'],
    [{ ...valid, role: undefined }, 'validation:roleRequired'],
  ])('%j -> %s', async (values, expected) => {
    expect(await firstError(addUserSchema, values)).toBe(expected);
  });
});
