import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * An iCalendar invitation (METHOD REQUEST or CANCEL). Sent the way calendar services send theirs:
   * as a text/calendar alternative, which mail apps turn into Accept/Decline buttons, and as an
   * invite.ics attachment, which phones' mail apps open in the calendar.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert emails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The last mails sent by this process, newest last; tests and the dev log read links from here. */
  readonly outbox: Mail[];
}

/**
 * SMTP when SMTP_URL is set. Without it the mail is written to the server log, so a person running
 * the app locally can still follow a password-reset link.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** Told of every send's outcome (the metrics count them). */
  onOutcome?: (outcome: 'sent' | 'failed') => void;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const outbox: Mail[] = [];
  return {
    outbox,
    async send(mail) {
      outbox.push(mail);
      if (outbox.length > 50) outbox.shift();
      if (transport) {
        const { calendar, ...rest } = mail;
        try {
          await transport.sendMail({
            from: opts.from,
            ...rest,
            // Nodemailer puts it both as the text/calendar alternative and as an invite.ics attachment.
            ...(calendar && { icalEvent: { method: calendar.method, filename: 'invite.ics', content: calendar.content } }),
          });
        } catch (err) {
          opts.onOutcome?.('failed');
          throw err;
        }
        opts.onOutcome?.('sent');
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      } else {
        opts.onOutcome?.('sent');
        opts.log.info(
          { to: mail.to, subject: mail.subject, text: mail.text, calendar: mail.calendar?.content },
          'mail (no SMTP_URL set, logged instead of sent)',
        );
      }
    },
  };
}
