import type { Db } from '../../db';
import { enqueue, type Job, type JobHandler, MAIL_JOB_KIND, type RetryPolicy } from '../jobs/queue';
import type { MailMessage, Mailer } from './transport';

/*
 * The mail outbox: an e-mail is a durable job written in the transaction of the change that
 * causes it, so it is sent at least once whatever happens after the commit (a restart, a kill -9),
 * and never visibly twice: its Message-ID comes from the job's key, so a resend after a crash is
 * the same message to the reader's mail program. Mail has a worker of its own (app.ts), so a slow
 * or absent mail server never holds up the shops' webhooks; a transaction opened by
 * `db/after-commit.ts` `committing` (the line bus's among them) wakes it once it commits.
 */

/** An e-mail, as the mail worker sends it. */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where one click unsubscribes from this kind of mail (List-Unsubscribe, with the one-click POST of RFC 8058). */
  unsubscribeUrl?: string;
}

const MINUTE = 60_000;
/** The waits between tries: from a minute to half a day, 28 hours in all before the mail shows as failed. */
export const MAIL_RETRY_DELAYS_MS = [1, 5, 15, 30, 60, 120, 240, 480, 720].map((minutes) => minutes * MINUTE);
export const MAIL_RETRY: RetryPolicy = {
  maxAttempts: MAIL_RETRY_DELAYS_MS.length + 1,
  delayMs: (attempts) => MAIL_RETRY_DELAYS_MS[Math.min(attempts, MAIL_RETRY_DELAYS_MS.length) - 1],
};

/**
 * The one way to queue an e-mail: inside `trx`, the transaction of the change that causes it.
 * `key` names what it tells (a notification, a user's digest of a day): the same key is queued
 * once. `payload` is the mail whole, or what the worker's `compose` writes it from when it is sent.
 * Answers whether it was queued.
 */
export const queueMail = (trx: Db, key: string, payload: QueuedMail | object): Promise<boolean> => enqueue(trx, { kind: MAIL_JOB_KIND, key: `mail:${key}`, connectionId: null, payload });

/** The Message-ID of a queued mail: its key, made safe for the header, at the product's host. */
export const messageIdOf = (job: Pick<Job, 'key'>, host: string) => `<${job.key.replace(/[^A-Za-z0-9.-]/g, '.')}@${host}>`;

/** The message of a mail to send, with its Message-ID from the job. */
export function messageOf(job: Pick<Job, 'key'>, mail: QueuedMail, host: string): MailMessage {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdOf(job, host),
    headers: mail.unsubscribeUrl ? { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
  };
}

/** Writes the mail of a job's payload when it is sent; null: nothing to send any more. */
export type ComposeMail = (payload: unknown) => Promise<QueuedMail | null>;

/**
 * The mail worker's one handler: `compose` makes the mail from the job's payload, then it is sent;
 * a refusal or a timeout fails the try, retried by MAIL_RETRY. Without a mail server nothing is
 * sent and the job is done: notifications stay in the product.
 */
export const mailJobHandler =
  (mailer: Mailer | null, compose: ComposeMail): JobHandler =>
  async (job) => {
    if (!mailer) return;
    const mail = await compose(JSON.parse(job.payload));
    if (mail) await mailer.send(messageOf(job, mail, mailer.host));
  };
