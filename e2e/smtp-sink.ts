// The end-to-end runs' mail provider: the tests' SMTP server (apps/server/test/smtp.ts), writing every
// message it accepts, decoded, as JSON into a folder the tests read.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { decodeQuotedPrintable, startSmtpServer } from '../apps/server/test/smtp';

export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
export const MAIL_DIR = path.resolve('.e2e-data', 'mail');
export const BOUNCE_DOMAIN = 'bounce.example';

/** A header's value, unfolded, with its encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=, RFC 2047) decoded: subjects in Kreyòl or Papiamentu. */
function headerValue(head: string, name: string): string {
  const folded = new RegExp(`^${name}: (.*(?:\r?\n[ \t].*)*)`, 'im').exec(head)?.[1] ?? '';
  return folded
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?([\w-]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Where a mail is written before it is moved into MAIL_DIR whole: readers wake the moment it appears. */
const WRITING_DIR = `${MAIL_DIR}-writing`;

export async function startSmtpSink(): Promise<net.Server> {
  // A run reads only its own mail: what an earlier run left unread is gone before this one starts.
  rmSync(MAIL_DIR, { recursive: true, force: true });
  rmSync(WRITING_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  mkdirSync(WRITING_DIR, { recursive: true });
  let n = 0;
  const smtp = await startSmtpServer({
    port: SMTP_PORT,
    // Mailboxes the provider refuses for good: their emails fail at once (the failed-jobs screen's test).
    reject: (address) => address.endsWith(`@${BOUNCE_DOMAIN}`),
    onMessage(to, raw) {
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const body = /quoted-printable/i.test(head) ? decodeQuotedPrintable(rest.join('\r\n\r\n')) : rest.join('\r\n\r\n');
      const subject = headerValue(head, 'Subject');
      const name = `${Date.now()}-${process.pid}-${++n}.json`;
      writeFileSync(path.join(WRITING_DIR, name), JSON.stringify({ to, subject, text: body }));
      renameSync(path.join(WRITING_DIR, name), path.join(MAIL_DIR, name));
    },
  });
  return smtp.server;
}

/**
 * Until a file appears in the mail folder, or 200 ms: a mail is read as soon as the sink writes
 * it (most tests wait for one), and one written just before the watch began is still found.
 */
function nextMail(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      watcher.close();
      clearTimeout(timer);
      resolve();
    };
    const watcher = watch(MAIL_DIR, done);
    const timer = setTimeout(done, 200);
  });
}

/** The newest mail sent to `address`, waiting for it to arrive. */
export async function lastMailTo(address: string, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(MAIL_DIR).sort().reverse();
    for (const f of files) {
      const mail = readMail(f);
      if (mail?.to.includes(address)) return mail;
    }
    await nextMail();
  }
  throw new Error(`no mail to ${address}`);
}

/** A stored mail, or null when another worker took it between the listing and the read. */
function readMail(file: string): { to: string[]; subject: string; text: string } | null {
  try {
    return JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as { to: string[]; subject: string; text: string };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The newest mail to `address` whose text matches, waiting for it, and removed from the sink with
 * every older match: a helper that reads a confirmation link consumes it, so a test's later
 * `lastMailTo` waits for the mail it is about rather than finding the confirmation.
 */
export async function takeMailTo(address: string, match: RegExp, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(MAIL_DIR).sort().reverse();
    const found = files.flatMap((f) => {
      const mail = readMail(f);
      return mail && mail.to.includes(address) && match.test(mail.text) ? [{ f, mail }] : [];
    });
    if (found.length) {
      for (const { f } of found) rmSync(path.join(MAIL_DIR, f), { force: true });
      return found[0]!.mail;
    }
    await nextMail();
  }
  throw new Error(`no mail to ${address} matching ${match}`);
}
