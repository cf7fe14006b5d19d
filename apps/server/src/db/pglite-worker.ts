/**
 * The embedded database's own thread (db/pglite-thread.ts starts it and says why). It holds the one
 * PGlite instance and answers the API thread's requests; rows are decoded here, so the API thread
 * only receives them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { preparedStatements } from './pglite-statements';
import type { Reply, Request, SerializedError, WorkerInit } from './pglite-thread';

const port = parentPort!;
const init = workerData as WorkerInit;

/** Thrown inside a transaction's callback to make PGlite roll it back; never leaves this thread. */
const ROLLBACK = Symbol('rollback');

function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // queryOptions holds the caller's parsers (functions); the API thread puts its own back.
    if (key === 'queryOptions' || key === 'params' || typeof value === 'function') continue;
    fields[key] = value;
  }
  return { message: err.message, name: err.name, stack: err.stack, fields };
}

function options(rowMode: QueryOptions['rowMode'], rawTypes: number[] | undefined): QueryOptions {
  const opts: QueryOptions = { rowMode };
  // A caller's parser is a function and stays on the API thread: its types arrive here as text.
  if (rawTypes?.length) opts.parsers = Object.fromEntries(rawTypes.map((oid) => [oid, (value: string) => value]));
  return opts;
}

async function main() {
  const db = await PGlite.create(init.dataDir, {
    extensions: { pg_trgm },
    ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir as Uint8Array<ArrayBuffer>]) } : {}),
  });
  preparedStatements(db);

  const transactions = new Map<number, { tx?: Transaction; decide: (commit: boolean) => void; done: Promise<unknown> }>();
  const listening = new Map<string, () => Promise<void>>();
  let nextTransaction = 1;

  const reply = (message: Reply, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer ?? []);

  const handle = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const target = request.tx ? transactionOf(request.tx) : db;
        const result: Results = await target.query(request.text, request.params, options(request.rowMode, request.rawTypes));
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec': {
        const target = request.tx ? transactionOf(request.tx) : db;
        return (await target.exec(request.text)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
      }
      case 'begin': {
        const id = nextTransaction++;
        let decide!: (commit: boolean) => void;
        const decision = new Promise<boolean>((resolve) => (decide = resolve));
        let started!: () => void;
        const begun = new Promise<void>((resolve) => (started = resolve));
        const entry: { tx?: Transaction; decide: typeof decide; done: Promise<unknown> } = { decide, done: Promise.resolve() };
        // PGlite's transaction holds its lock until the callback ends, so statements from outside
        // the transaction wait in this thread, as they did on the API's.
        entry.done = db.transaction(async (tx) => {
          entry.tx = tx;
          started();
          if (!(await decision)) throw ROLLBACK;
        });
        transactions.set(id, entry);
        entry.done.catch(() => {}).finally(() => transactions.delete(id));
        await Promise.race([begun, entry.done]);
        if (!entry.tx) throw new Error('The transaction ended before it began');
        return id;
      }
      case 'end': {
        const entry = transactions.get(request.tx);
        if (!entry) throw new Error('Transaction is closed');
        entry.decide(request.commit);
        try {
          await entry.done;
        } catch (err) {
          if (err !== ROLLBACK) throw err;
        }
        return null;
      }
      case 'rollback':
        await transactionOf(request.tx).rollback();
        return null;
      case 'listen': {
        if (!listening.has(request.channel)) {
          const unlisten = await db.listen(request.channel, (payload) => reply({ notify: request.channel, payload }));
          listening.set(request.channel, unlisten);
        }
        return null;
      }
      case 'unlisten': {
        const unlisten = listening.get(request.channel);
        listening.delete(request.channel);
        if (unlisten) await unlisten();
        return null;
      }
      case 'dump': {
        const file = await db.dumpDataDir(request.compression);
        return { name: (file as File).name ?? 'pgdata.tar', type: file.type, bytes: await file.arrayBuffer() };
      }
      case 'close':
        if (!db.closed) await db.close();
        return null;
    }
  };

  const transactionOf = (id: number): Transaction => {
    const tx = transactions.get(id)?.tx;
    if (!tx || tx.closed) throw new Error('Transaction is closed');
    return tx;
  };

  port.on('message', (request: Request) => {
    handle(request).then(
      (result) => {
        const bytes = request.op === 'dump' ? [(result as { bytes: ArrayBuffer }).bytes] : undefined;
        reply({ id: request.id, result }, bytes);
        if (request.op === 'close') port.close();
      },
      (err: unknown) => reply({ id: request.id, error: serializeError(err) }),
    );
  });
  reply({ ready: true });
}

main().catch((err: unknown) => port.postMessage({ ready: false, error: serializeError(err) } satisfies Reply));
