import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, wrapPglite, type Database } from '../src/db/client';

/*
 * Each API test file gets a database as the migrated template left it. Loading the template into a
 * new PGlite cost about 1 s of CPU (reading the 44 MB dump into memory, starting PostgreSQL in
 * WebAssembly): 38% of the embedded-database pass. So a worker keeps the PGlites its files closed
 * and puts them back to the template's state for the next file: objects created since (pg-boss's
 * queue partitions, a test's temporary table) dropped, every table emptied, the template's rows
 * and sequence values put back, the session's settings and locks released. If the schema then
 * differs from the template's in any way (a test added a column or an extension), that PGlite is
 * closed instead. `TEST_FRESH_PGLITE=1` gives every file a new one, as before (decision 0060).
 */

const SYSTEM = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`;

/** Everything about the schema a test could change, as one hash. */
const FINGERPRINT = `select md5(string_agg(x, ',' order by x)) as hash from (
  select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text as x from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${SYSTEM}
  union all select 'a:' || c.oid::regclass::text || '.' || a.attname || ':' || a.atttypid || ':' || a.attnotnull || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${SYSTEM} and a.attnum > 0 and not a.attisdropped
  union all select 'p:' || p.oid::regprocedure::text || ':' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${SYSTEM}
  union all select 't:' || tgrelid::regclass::text || '.' || tgname from pg_trigger where not tgisinternal
  union all select 'e:' || extname || ':' || extversion from pg_extension
  union all select 'n:' || nspname from pg_namespace
  union all select 'y:' || t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${SYSTEM} and t.typtype in ('e', 'd', 'c') and t.typrelid = 0
) parts`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Template {
  fingerprint: string;
  /** Schema-qualified, quoted: every table the template has. */
  tables: string[];
  /** Relations the template has, as `schema.name`, to tell what a test created. */
  relations: Set<string>;
  /** The template's rows, table by table, as JSON. */
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

let dump: Promise<Blob> | null = null;
let template: Promise<Template> | null = null;
const idle: Database[] = [];

/** A new in-memory PGlite holding the migrated template: a fraction of what initdb costs for a new one. */
export async function loadTemplate(path: string): Promise<PGlite> {
  dump ??= readFile(path).then((bytes) => new Blob([bytes]));
  return PGlite.create({ loadDataDir: await dump, extensions: PGLITE_EXTENSIONS });
}

/** What "as the template left it" means, read from a PGlite no test has touched. */
async function readTemplate(client: PGlite): Promise<Template> {
  const fingerprint = (await client.query<{ hash: string }>(FINGERPRINT)).rows[0]!.hash;
  const relations = await client.query<{ schema: string; name: string; kind: string; partition: boolean }>(
    `select n.nspname as schema, c.relname as name, c.relkind as kind, c.relispartition as partition
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${SYSTEM} and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
  );
  const tables = relations.rows.filter((r) => (r.kind === 'r' || r.kind === 'p') && !r.partition).map((r) => `${quote(r.schema)}.${quote(r.name)}`);
  const rows: Template['rows'] = [];
  for (const table of tables) {
    const found = await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    if (!found.rows[0]!.json) continue;
    // Columns a row may be given: not generated ones (identity columns take OVERRIDING SYSTEM VALUE).
    const columns = await client.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = '${table}'::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    );
    rows.push({ table, columns: columns.rows.map((c) => quote(c.name)).join(', '), json: found.rows[0]!.json });
  }
  const sequences: Template['sequences'] = [];
  for (const r of relations.rows.filter((r) => r.kind === 'S')) {
    const name = `${quote(r.schema)}.${quote(r.name)}`;
    const state = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`);
    sequences.push({ name, lastValue: state.rows[0]!.last_value, isCalled: state.rows[0]!.is_called });
  }
  return { fingerprint, tables, relations: new Set(relations.rows.map((r) => `${r.schema}.${r.name}`)), rows, sequences };
}

/** Puts a used PGlite back as the template left it; false when that is not possible. */
async function reset(client: PGlite, t: Template): Promise<boolean> {
  try {
    // A transaction a test left open, then the session: settings, locks, channels.
    await client.exec(`rollback; reset all; select pg_advisory_unlock_all(); unlisten *`);
    // Relations a test made, and pg-boss's per-queue partitions (the template has none): dropped,
    // with their rows. A partition whose parent went first is already gone (`if exists`).
    const made = await client.query<{ schema: string; name: string; kind: string }>(
      `select n.nspname as schema, c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where ${SYSTEM} and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
    );
    const drops = made.rows
      .filter((r) => !t.relations.has(`${r.schema}.${r.name}`))
      .map((r) => {
        const kind = r.kind === 'S' ? 'sequence' : r.kind === 'v' ? 'view' : r.kind === 'm' ? 'materialized view' : 'table';
        return `drop ${kind} if exists ${quote(r.schema)}.${quote(r.name)} cascade;`;
      });
    await client.exec(drops.join('\n'));
    // As a replica would: the tables' own triggers (the audit log refuses TRUNCATE) stay out of it.
    await client.exec(`set session_replication_role = replica; truncate ${t.tables.join(', ')} restart identity cascade`);
    for (const r of t.rows)
      await client.query(
        `insert into ${r.table} (${r.columns}) overriding system value select ${r.columns} from json_populate_recordset(null::${r.table}, $1)`,
        [r.json],
      );
    for (const s of t.sequences) await client.query(`select setval('${s.name}', $1, $2)`, [s.lastValue, s.isCalled]);
    // What preparedStatements (db/pglite-statements.ts) set for the session, which `reset all` undid.
    await client.exec('reset session_replication_role; set plan_cache_mode = force_custom_plan');
    return (await client.query<{ hash: string }>(FINGERPRINT)).rows[0]!.hash === t.fingerprint;
  } catch {
    return false;
  }
}

/** A database as the migrated template left it; its `close` hands it back to this worker's pool. */
export async function pooledPglite(templatePath: string): Promise<Database> {
  let database = idle.pop();
  if (!database) {
    const client = await loadTemplate(templatePath);
    template ??= readTemplate(client);
    await template;
    database = wrapPglite(client);
  }
  const own = database;
  if (process.env.TEST_FRESH_PGLITE === '1') return own;
  let closed = false;
  return {
    ...own,
    async close() {
      if (closed) return;
      closed = true;
      if (!own.pglite!.closed && (await reset(own.pglite!, await template!))) idle.push(own);
      else await own.close();
    },
  };
}
