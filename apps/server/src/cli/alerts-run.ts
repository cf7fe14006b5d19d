// npm run alerts:run [-- --at 2026-11-25T10:00:00Z] [--url http://localhost:3000]
// Runs the job alerts now, on the running server: it sends the alerts due (at --at, or now). The
// server does the work (its queue sends the emails); this asks it, with a token only a holder of
// the server's secret (AUTH_SECRET, or the one kept in DATA_DIR) can make.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { runToken } from '../modules/alerts/tokens';

async function main() {
  const { values } = parseArgs({ options: { at: { type: 'string' }, url: { type: 'string' } } });
  if (values.at && Number.isNaN(Date.parse(values.at))) {
    console.error('Usage: npm run alerts:run [-- --at ISO-TIME] [--url SERVER-URL]');
    process.exit(2);
  }
  const config = loadConfig();
  const base = values.url ?? config.publicUrl;
  const res = await fetch(`${base}/api/alerts/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${runToken(config.authSecret)}`, 'content-type': 'application/json' },
    body: JSON.stringify(values.at ? { at: new Date(values.at).toISOString() } : {}),
  }).catch((err: Error) => {
    console.error(`Could not reach the server at ${base}: ${err.message}`);
    process.exit(1);
  });
  const body = await res.text();
  if (!res.ok) {
    console.error(`The server refused the run (${res.status}): ${body}`);
    process.exit(1);
  }
  const { alerts, jobs, expired } = JSON.parse(body) as { alerts: number; jobs: number; expired: number };
  console.log(`${alerts} alert(s) due, in ${jobs} queue job(s); ${expired} unconfirmed subscription(s) expired. The server's queue sends the emails.`);
}

void main();
