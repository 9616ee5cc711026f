import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { conflict, notFound } from '../../errors';
import { said } from '../../messages';
import { routesOf } from '../../plugins/route-table';
import { idParam } from '../../validate';
import { API, type FailedMailDto } from '../../../shared/api';
import { ADMINS } from '../../../shared/roles';
import { MAIL_JOB_KIND, retryJob } from '../jobs/queue';
import type { ComposeMail } from './outbox';

/** Failed mails shown: the latest; more than this many waiting for the admin means the mail server is down. */
const FAILED_SHOWN = 500;

/** The mail worker as the admin's screen uses it: what a job's mail reads as, and the wake after a retry. */
export interface MailWorker {
  compose: ComposeMail;
  wake(): void;
}

/** A mail is listed as it would be sent now (a notification's or a digest's is written when sent); gone, with no address. */
async function failedMails(db: Db, compose: ComposeMail): Promise<FailedMailDto[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['id', 'payload', 'attempts', 'last_error', 'created_at', 'updated_at'])
    .where('kind', '=', MAIL_JOB_KIND)
    .where('status', '=', 'failed')
    .orderBy('id', 'desc')
    .limit(FAILED_SHOWN)
    .execute();
  return Promise.all(
    rows.map(async ({ payload, ...row }) => {
      const mail = await compose(JSON.parse(payload));
      return { ...row, to: mail?.to ?? '', subject: mail?.subject ?? '' };
    }),
  );
}

/** 'Gönderilemeyen e-postalar': the admin sees the mails that failed their last try and sends one again. */
export function mailRoutes(api: FastifyInstance, db: Db, worker: MailWorker): void {
  const route = routesOf('Mail');
  const admin = { config: { roles: ADMINS } };

  api.get(API.failedMails, route(admin, { summary: 'E-mails that failed their last try, newest first, with why' }), async () => ({ mails: await failedMails(db, worker.compose) }));

  api.post(API.failedMailRetry(':id'), route(admin, { summary: 'A failed e-mail is tried again, from its first try', body: null, errors: [404, 409] }), async (request) => {
    const id = idParam(request.params);
    const outcome = await retryJob(db, id, [MAIL_JOB_KIND]);
    if (outcome === 'unknown') throw notFound('errors:mailNotFound', 'MAIL_NOT_FOUND');
    if (outcome === 'notFailed') throw conflict('errors:mailNotFailed', 'MAIL_NOT_FAILED');
    worker.wake();
    return { mail: { id, status: 'waiting' }, ...said('success:mailRetried') };
  });
}
