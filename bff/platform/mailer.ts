import nodemailer from 'nodemailer';
import type { SmtpSettings } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** null without SMTP_HOST: invitation links are then only logged and shown to the inviting admin. */
export function createMailer(smtp: SmtpSettings | null): Mailer | null {
  if (!smtp) return null;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    // The dashboard gives up on a request after 10 seconds; the invitation must answer before.
    connectionTimeout: 4_000,
    greetingTimeout: 4_000,
    socketTimeout: 6_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
