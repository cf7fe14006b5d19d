import type { Database } from '../db/client';

/** Called once per statement with its duration in seconds and whether it succeeded. */
export type QueryObserver = (seconds: number, ok: boolean) => void;

const observers = new WeakMap<object, Set<QueryObserver>>();
const WRAPPED = Symbol('query-timing');

function notify(set: Set<QueryObserver>, started: number, ok: boolean) {
  const seconds = (performance.now() - started) / 1000;
  for (const observe of set) observe(seconds, ok);
}

/** Replaces target[name] (an async function) by one that reports its duration to every observer. */
function time(target: Record<string, unknown>, name: string, set: Set<QueryObserver>) {
  const original = target[name] as ((...args: unknown[]) => unknown) & { [WRAPPED]?: true };
  if (typeof original !== 'function' || original[WRAPPED]) return;
  const timed = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const last = args.length - 1;
    // pg-pool's own query() hands the client a callback and gets no promise back.
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: unknown, ...rest: unknown[]) => void;
      args[last] = (err: unknown, ...rest: unknown[]) => {
        notify(set, started, !err);
        callback(err, ...rest);
      };
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      result.then(
        () => notify(set, started, true),
        () => notify(set, started, false),
      );
    }
    return result;
  };
  Object.defineProperty(timed, WRAPPED, { value: true });
  Object.defineProperty(target, name, { value: timed, configurable: true, writable: true });
}

/**
 * Times every statement the database runs, for the metrics. Several apps may share one database
 * (tests build more than one), so each adds its observer and removes it when it closes.
 *
 * On the embedded database the time includes the wait for PGlite's single connection, which is what
 * a request feels; on the server it is the time from handing the statement to a pooled client until
 * its answer (drizzle runs every statement, in or out of a transaction, through a client's query).
 */
export function observeQueries(database: Database, observe: QueryObserver): () => void {
  const key = (database.pglite ?? database.pool) as object | undefined;
  if (!key) return () => {};
  let set = observers.get(key);
  if (!set) {
    const created = new Set<QueryObserver>();
    set = created;
    observers.set(key, created);
    if (database.pglite) {
      for (const name of ['query', 'exec']) time(database.pglite as unknown as Record<string, unknown>, name, created);
    } else if (database.pool) {
      // Clients are created lazily; wrap each once, when it is first handed out.
      database.pool.on('acquire', (client) => time(client as unknown as Record<string, unknown>, 'query', created));
    }
  }
  set.add(observe);
  return () => set.delete(observe);
}
