import type { FastifyInstance } from 'fastify';
import { said } from '../../messages';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody } from '../../validate';
import { API } from '../../../shared/api';
import { ANY_ROLE } from '../../../shared/roles';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  usernameKey,
} from '../../../shared/schemas/auth';
import { AppError } from '../../errors';
import { type Attempt, authLimits, type LimitSettings, rateLimits } from './limits';
import * as auth from './service';

/**
 * Runs `work` with its attempt counted, and gives the attempt back unless `work` failed with
 * `failureCode`: the login and password-change limits count failures only, so people who know
 * their password (an office behind one address, a bench) are never held up by them.
 */
async function countingFailures<T>(attempt: Attempt, failureCode: string, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (!(error instanceof AppError && error.code === failureCode)) await attempt.giveBack();
    throw error;
  }
  await attempt.giveBack();
  return result;
}

/** Work that runs once the answer has gone; closing the server waits for what is still under way. */
function afterAnswer(scope: FastifyInstance): (what: string, work: () => Promise<unknown>) => void {
  const pending = new Set<Promise<void>>();
  scope.addHook('onClose', async () => {
    while (pending.size > 0) await Promise.all(pending);
  });
  return (what, work) => {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => scope.log.error({ err: error }, `${what} failed`),
      )
      .finally(() => pending.delete(job));
    pending.add(job);
  };
}

export function authRoutes(api: FastifyInstance, deps: auth.AuthDeps, settings: LimitSettings): void {
  const route = routesOf('Sessions and accounts');
  const open = { config: { public: true } };
  // Every role, the inactive one too: whoever holds a session may end it and change its password.
  const anyRole = { config: { roles: ANY_ROLE } };
  const limits = rateLimits(deps.db);
  const rules = authLimits(settings);
  const later = afterAnswer(api);

  const loginRoute = route(open, { summary: 'Log in: an access token and a refresh token', body: loginSchema, trim: ['username'], errors: [401, 429] });
  api.post(API.login, loginRoute, async (request, reply) => {
    const input = await declaredBody(request);
    const attempt = await limits.take(
      [
        // Per address and username, so one noisy client cannot lock others out of their accounts...
        { limit: rules.loginPerName, subject: `${request.ip}|${usernameKey(input.username)}` },
        // ...and per address whatever the username, so spraying a password over many names is limited too.
        { limit: rules.loginPerClient, subject: request.ip },
      ],
      reply,
    );
    return countingFailures(attempt, 'INVALID_CREDENTIALS', () => auth.login(deps, input));
  });

  const registerRoute = route(open, {
    summary: 'Register a user, inactive until an admin gives a role',
    body: registerSchema,
    trim: ['username', 'email'],
    created: true,
    errors: [409, 429],
  });
  api.post(API.register, registerRoute, async (request, reply) => {
    const input = await declaredBody(request);
    // Every registration counts, a taken name too: that answer is what a name prober is after.
    await limits.take([{ limit: rules.register, subject: request.ip }], reply);
    await auth.register(deps, input);
    return reply.code(201).send({ ...said('success:registered') });
  });

  api.post(API.refresh, route(open, { summary: 'New tokens for a refresh token, which is rotated', body: refreshSchema, errors: [401] }), async (request) => {
    const { refresh_token } = await declaredBody(request);
    return auth.refresh(deps, refresh_token);
  });

  api.post(API.logout, route(anyRole, { summary: 'End the session', body: null }), async (request) => {
    await auth.logout(deps, sessionUser(request));
    return { ...said('success:loggedOut') };
  });

  /*
   * The same answer, at the same speed, for a registered and an unknown address: the address is
   * looked up and the mail sent after the answer has gone. (SPEC section 8 has a 404 sentence for
   * an unknown address; answering it would tell anyone which addresses have accounts.)
   */
  const forgotRoute = route(open, {
    summary: 'Mail a password-reset link; the same answer for an unknown address',
    body: forgotPasswordSchema,
    trim: ['email'],
    errors: [429, 503],
  });
  api.post(API.forgotPassword, forgotRoute, async (request, reply) => {
    const { email } = await declaredBody(request);
    auth.requireMailer(deps);
    await limits.take(
      [
        { limit: rules.forgotPerAddress, subject: email.toLowerCase() },
        { limit: rules.forgotPerClient, subject: request.ip },
      ],
      reply,
    );
    later('password reset mail', () => auth.sendResetLink(deps, email));
    return { ...said('success:resetMailSent') };
  });

  api.post(API.resetPassword, route(open, { summary: 'Set a new password with a reset token, ending every session', body: resetPasswordSchema }), async (request) => {
    await auth.resetPassword(deps, await declaredBody(request));
    return { ...said('success:passwordReset') };
  });

  const changePasswordRoute = route(anyRole, {
    summary: 'Change the own password, ending the other sessions',
    body: changePasswordSchema,
    trim: ['username'],
    errors: [429],
  });
  api.post(API.changePassword, changePasswordRoute, async (request, reply) => {
    const input = await declaredBody(request);
    const user = sessionUser(request);
    // Per user: whoever holds a session cannot guess the current password at leisure.
    const attempt = await limits.take([{ limit: rules.passwordChange, subject: String(user.id) }], reply);
    await countingFailures(attempt, 'PASSWORD_CHANGE_FAILED', () => auth.changePassword(deps, user, input));
    return { ...said('success:passwordChanged') };
  });
}
