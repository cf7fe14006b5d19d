import net from 'node:net';

/** A quoted-printable body as text: soft line breaks joined, each `=XX` escape a UTF-8 byte ("ò" is =C3=B2). */
export function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface SinkMail {
  to: string[];
  subject: string;
}

/**
 * An SMTP server on loopback standing in for the mail provider (a service outside the product): it
 * speaks just enough SMTP for nodemailer and hands each message's recipients and raw text to
 * `onMessage`, with the EHLO name of the client that sent it. The first `refuse` messages are
 * answered 451 (try again later), as a provider in trouble would. The API tests, the two-instance
 * test and the end-to-end sink (e2e/smtp-sink.ts) all use it.
 */
export async function startSmtpServer(opts: {
  port?: number;
  refuse?: number;
  /** Recipients refused for good (550, as for a mailbox that does not exist). */
  reject?: (address: string) => boolean;
  /** A message this returns true for is never answered: its sender waits until it dies (a kill mid-send). */
  hold?: (to: string[], client: string) => boolean;
  onMessage: (to: string[], raw: string, client: string) => void;
}) {
  let refuse = opts.refuse ?? 0;
  let refused = 0;
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    let to: string[] = [];
    let client = '';
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
          if (opts.hold?.(to, client)) return;
          if (refuse > 0) {
            refuse--;
            refused++;
            socket.write('451 4.3.0 try again later\r\n');
          } else {
            opts.onMessage(to, raw, client);
            socket.write('250 OK\r\n');
          }
          to = [];
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') {
          client = line.slice(5).trim();
          socket.write('250 sink\r\n');
        } else if (cmd === 'RCPT') {
          const address = /<([^>]+)>/.exec(line)?.[1] ?? '';
          if (opts.reject?.(address)) socket.write('550 5.1.1 no such mailbox\r\n');
          else {
            to.push(address);
            socket.write('250 OK\r\n');
          }
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
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    server,
    url: `smtp://127.0.0.1:${port}`,
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A sink that keeps each accepted message's recipients and subject in memory. */
export async function startSmtpSink(opts: { refuse?: number; reject?: (address: string) => boolean } = {}) {
  const accepted: SinkMail[] = [];
  const smtp = await startSmtpServer({
    refuse: opts.refuse,
    reject: opts.reject,
    onMessage: (to, raw) => accepted.push({ to, subject: /^Subject: (.*)$/im.exec(raw)?.[1] ?? '' }),
  });
  return {
    url: smtp.url,
    accepted,
    get refused() {
      return smtp.refused;
    },
    close: smtp.close,
  };
}

/** Polls until check() is true or the time is up (then fails with what it was waiting for). */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
