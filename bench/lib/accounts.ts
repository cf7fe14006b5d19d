import { decodeQuotedPrintable, startSmtpServer } from '../../apps/server/test/smtp';

const CONFIRMATION_LINK = /https?:\/\/\S+\/api\/auth\/verify-email\S+/;

/**
 * Accounts for the benchmarks, made as a person makes them: sign up, then follow the link in the
 * confirmation email (a new account is signed in, and may post, only once its email is confirmed).
 * The server must send its mail to `smtpUrl` (SMTP_URL): the tests' own SMTP server, on loopback.
 */
export async function startAccounts() {
  const links = new Map<string, string>();
  const smtp = await startSmtpServer({
    onMessage(to, raw) {
      const link = CONFIRMATION_LINK.exec(decodeQuotedPrintable(raw))?.[0];
      if (link) for (const address of to) links.set(address.toLowerCase(), link);
    },
  });

  async function confirmationLink(email: string): Promise<string> {
    for (let i = 0; i < 600; i++) {
      const link = links.get(email.toLowerCase());
      if (link) return link;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no confirmation email for ${email}`);
  }

  return {
    smtpUrl: smtp.url,
    /** Signs up, confirms, and answers the session cookie the confirmation link set. */
    async signUp(url: string, account: { email: string; password: string; role: 'employer' | 'jobseeker'; fullName: string }): Promise<string> {
      const res = await fetch(`${url}/api/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(account),
      });
      if (!res.ok) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
      const confirmed = await fetch(await confirmationLink(account.email), { redirect: 'manual' });
      if (confirmed.status !== 302) throw new Error(`confirmation ${confirmed.status}: ${await confirmed.text()}`);
      return confirmed.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    close: smtp.close,
  };
}
