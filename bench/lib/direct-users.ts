import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';

/**
 * Creates people with open sessions straight in the database, with the cookie better-auth would
 * have set (token.HMAC-SHA256 signature, base64). Signing 500 people up through the API would
 * spend most of a benchmark's time budget hashing passwords; the benchmark checks one cookie
 * against the real server before relying on them.
 */
export async function createSessionUsers(database: Database, count: number, secret: string, prefix = 'bench') {
  const people: Array<{ id: string; cookie: string }> = [];
  const rows = Array.from({ length: count }, (_, i) => {
    const id = `${prefix}${i}${randomBytes(6).toString('hex')}`;
    const token = randomBytes(24).toString('base64url');
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    people.push({ id, cookie: `caribconnect.session_token=${encodeURIComponent(`${token}.${signature}`)}` });
    return { id, token, i };
  });
  for (let at = 0; at < rows.length; at += 250) {
    const chunk = rows.slice(at, at + 250);
    const users = sql.join(
      chunk.map((r) => sql`(${r.id}, ${`Bench Person ${r.i}`}, ${`${r.id}@bench.example`})`),
      sql`, `,
    );
    const profiles = sql.join(
      chunk.map((r) => sql`(${r.id}, ${`Bench Person ${r.i}`}, 'jobseeker', ${`${r.id}@bench.example`})`),
      sql`, `,
    );
    const sessions = sql.join(
      chunk.map((r) => sql`(${`s${r.id}`}, ${r.token}, ${r.id}, now() + interval '7 days')`),
      sql`, `,
    );
    await database.db.execute(sql`insert into users (id, name, email) values ${users}`);
    await database.db.execute(sql`insert into profiles (id, full_name, role, email) values ${profiles}`);
    await database.db.execute(sql`insert into sessions (id, token, user_id, expires_at) values ${sessions}`);
  }
  return people;
}
