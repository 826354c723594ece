// SMTP delivery through nodemailer, used when SMTP_URL (e.g. smtp://user:pass@host:587) is set.
import nodemailer from "nodemailer";
import type { Mailer } from "./outbox";

export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}
