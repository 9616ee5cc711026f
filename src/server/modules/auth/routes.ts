import type { FastifyInstance } from 'fastify';
import { message } from '../../messages';
import { sessionUser } from '../../plugins/auth';
import { validateBody } from '../../validate';
import { API } from '../../../shared/api';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../shared/schemas/auth';
import { AppError } from '../../errors';
import * as auth from './service';

export interface LoginLimit {
  max: number;
  timeWindow: number;
}

export function authRoutes(api: FastifyInstance, deps: auth.AuthDeps, loginLimit: LoginLimit): void {
  const open = { config: { public: true } };

  api.post(
    API.login,
    {
      ...open,
      // Per address and username, so one noisy client cannot lock others out of their accounts.
      preHandler: api.rateLimit({
        ...loginLimit,
        keyGenerator: (request) => {
          const body = request.body as { username?: unknown } | undefined;
          const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
          return `${request.ip}|${username}`;
        },
        errorResponseBuilder: () => new AppError(429, 'TOO_MANY_REQUESTS', 'errors:tooManyRequests'),
      }),
    },
    async (request) => auth.login(deps, await validateBody(loginSchema, request.body, ['username'])),
  );

  api.post(API.register, open, async (request, reply) => {
    await auth.register(deps, await validateBody(registerSchema, request.body, ['username', 'email']));
    return reply.code(201).send({ message: message('success:registered') });
  });

  api.post(API.refresh, open, async (request) => {
    const { refresh_token } = await validateBody(refreshSchema, request.body);
    return auth.refresh(deps, refresh_token);
  });

  api.post(API.logout, async (request) => {
    await auth.logout(deps, sessionUser(request));
    return { message: message('success:loggedOut') };
  });

  api.post(API.forgotPassword, open, async (request) => {
    const { email } = await validateBody(forgotPasswordSchema, request.body, ['email']);
    await auth.forgotPassword(deps, email);
    return { message: message('success:resetMailSent') };
  });

  api.post(API.resetPassword, open, async (request) => {
    await auth.resetPassword(deps, await validateBody(resetPasswordSchema, request.body));
    return { message: message('success:passwordReset') };
  });

  api.post(API.changePassword, async (request) => {
    const input = await validateBody(changePasswordSchema, request.body, ['username']);
    await auth.changePassword(deps, sessionUser(request), input);
    return { message: message('success:passwordChanged') };
  });
}
