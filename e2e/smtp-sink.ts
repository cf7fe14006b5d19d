// A tiny SMTP server standing in for the mail provider (a service outside the product). It accepts
// every message and writes it, decoded, as JSON into a folder the tests read.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
export const MAIL_DIR = path.resolve('.e2e-data', 'mail');

function decodeQuotedPrintable(body: string) {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

export function startSmtpSink(): Promise<net.Server> {
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    let to: string[] = [];
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const [head = '', ...rest] = raw.split('\r\n\r\n');
          const body = /quoted-printable/i.test(head) ? decodeQuotedPrintable(rest.join('\r\n\r\n')) : rest.join('\r\n\r\n');
          const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
          writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${++n}.json`), JSON.stringify({ to, subject, text: body }));
          to = [];
          socket.write('250 OK\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 sink\r\n');
        else if (cmd === 'RCPT') {
          to.push(/<([^>]+)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(SMTP_PORT, '127.0.0.1', () => resolve(server)));
}

/** The newest mail sent to `address`, waiting for it to arrive. */
export async function lastMailTo(address: string, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(MAIL_DIR).sort().reverse();
    for (const f of files) {
      const mail = JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8'));
      if (mail.to.includes(address)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address}`);
}
