import nodemailer from 'nodemailer';

/** One e-mail: plain text always, HTML beside it when given, and its own headers. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID (with its angle brackets): a resend after a crash is the same message to the reader's mail program. */
  messageId?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The host the product's addresses and message ids are made on. */
  host: string;
  close(): void;
}

/*
 * Every wait on the mail server ends well within a job's lock (jobs/queue.ts JOB_LOCK_MS, 120 s),
 * so a slow send fails and is tried again by its own worker, never taken up by a second one.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as const;

/**
 * SMTP delivery through SMTP_URL; null when no mail server is configured. Its connections are kept
 * and used again: a burst of mail is sent at the mail server's pace, not at that of opening a
 * connection (and its TLS and login) for each message.
 */
export function createMailer(smtpUrl: string | null, publicUrl: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, ...SMTP_TIMEOUTS });
  const host = new URL(publicUrl).hostname;
  const from = `no-reply@${host}`;
  return {
    async send({ to, subject, text, html, messageId, headers }) {
      await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}), ...(messageId ? { messageId } : {}), ...(headers ? { headers } : {}) });
    },
    host,
    close: () => transport.close(),
  };
}
