import nodemailer from 'nodemailer';

export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
  close(): void;
}

/** SMTP delivery through SMTP_URL; null when no mail server is configured. */
export function createMailer(smtpUrl: string | null, publicUrl: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  const from = `no-reply@${new URL(publicUrl).hostname}`;
  return {
    async send(to, subject, text) {
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}
