import { array, object } from 'yup';
import { qualitySchema } from '../shared/schemas/corrections';
import { CONTROL_CHARACTERS_MESSAGE, id, integer } from '../shared/schemas/fields';
import { AppError } from './errors';
import { validateBody } from './validate';

/** What `validateBody` answers: the value it returns, or the sentence key of its refusal. */
async function answer(...args: Parameters<typeof validateBody>): Promise<unknown> {
  try {
    return { value: await validateBody(...args) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, code: error.code, refused: error.key };
  }
}
const refused = (key: string) => ({ status: 400, code: 'VALIDATION', refused: key });

describe('a list body', () => {
  const bad = 'validation:roleChangesInvalid';
  const list = array(object({ ID: id(bad), Role: integer(bad).required(bad) }).typeError(bad).required(bad))
    .typeError(bad)
    .required(bad)
    .min(1, bad);

  test.each([[undefined], [null], [{}], [{ ID: 1, Role: 2 }], ['text'], [42], [[]], [[null]], [[1]], [[[1, 2]]], [[{ ID: '1', Role: 2 }]], [[{ ID: 1 }]]])(
    "%j is refused with the list's own sentence",
    async (body) => expect(await answer(list, body)).toEqual(refused(bad)),
  );

  test("keeps each item's own fields only, and refuses a control character anywhere", async () => {
    expect(await answer(list, [{ ID: 1, Role: 2, id: 9, note: 'x' }])).toEqual({ value: [{ ID: 1, Role: 2 }] });
    expect(await answer(list, [{ ID: 1, Role: 2, note: 'a\u0000b' }])).toEqual(refused(CONTROL_CHARACTERS_MESSAGE));
  });
});

test('a nullable body may be left out: absent or null it is none; anything but an object is still refused', async () => {
  const step = object({ step: integer('errors:invalidBody').nonNullable('errors:invalidBody') }).nullable();
  expect(await answer(step, undefined)).toEqual({ value: null });
  expect(await answer(step, null)).toEqual({ value: null });
  expect(await answer(step, { step: 3, other: 1 })).toEqual({ value: { step: 3 } });
  for (const body of ['text', [], 42, { step: null }, { step: '3' }]) expect(await answer(step, body)).toEqual(refused('errors:invalidBody'));
  expect(await answer(object({ step: integer('errors:invalidBody') }), null)).toEqual(refused('errors:invalidBody'));
});

test("quality control's rejection names the step the piece goes back to; an approval needs none", async () => {
  expect(await answer(qualitySchema, { approved: true })).toEqual({ value: { approved: true } });
  expect(await answer(qualitySchema, { approved: false, return_step_id: 4 })).toEqual({ value: { approved: false, return_step_id: 4 } });
  for (const body of [{ approved: false }, { approved: false, return_step_id: null }, { approved: false, return_step_id: 0 }]) {
    expect(await answer(qualitySchema, body)).toEqual(refused('validation:returnStepRequired'));
  }
  // The fields in form order: a reason too long is told before a missing step.
  expect(await answer(qualitySchema, { approved: false, reason: 'x'.repeat(501) })).toEqual(refused('validation:textTooLong'));
});
