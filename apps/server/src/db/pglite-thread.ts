import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

export interface WorkerInit {
  /** A directory, or undefined for a database in memory. */
  dataDir?: string;
  /** A dumped data directory (`dumpDataDir`) to start from. */
  loadDataDir?: Uint8Array;
}

export type Op =
  | { op: 'query'; text: string; params: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[]; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'rollback'; tx: number }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };
export type Request = Op & { id: number };

export interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type Reply =
  | { id: number; result: unknown; error?: undefined }
  | { id: number; error: SerializedError; result?: undefined }
  | { notify: string; payload: string }
  | { ready: true }
  | { ready: false; error: SerializedError };

type Pending = { resolve(value: unknown): void; reject(err: unknown): void; text?: string; params?: unknown[]; options?: QueryOptions };

/** The part of PGlite's transaction handle that drizzle and we use. */
export interface PgliteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * PGlite in a worker thread. PGlite runs each statement synchronously on the thread that calls it,
 * so on the API's thread ten concurrent requests queued behind each other's HTTP work and database
 * work together, where with the PostgreSQL server the database works in another process (decision
 * 0052). Here the database has its own thread, the second core, and this object stands in for the
 * PGlite instance everything used (drizzle's driver, pg-boss's `fromPglite`, `listen`, `dumpDataDir`):
 *
 * - Rows are decoded in the worker and arrive by structured clone. A caller's `parsers` are
 *   functions, which cannot cross: their types come back as text and are parsed here.
 * - A transaction is the worker's PGlite transaction, held open while its callback runs here; its
 *   statements name it, and every other statement waits behind it in the worker, as PGlite's own
 *   lock made them wait before.
 * - A failed statement throws an Error with the database error's fields (code, detail, constraint,
 *   table, ...) and, as PGlite's own path does, the statement and its parameters.
 * - Notifications from `listen` are posted back; `close` closes the database and ends the thread.
 * - The worker is kept referenced only while requests are pending, so a command that finished its
 *   work exits as it did when PGlite lived on the main thread.
 */
export class PgliteThread {
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;
  #exited: Promise<void>;
  #ready: Promise<void>;

  private constructor(init: WorkerInit) {
    const tsx = process.execArgv.some((arg) => arg.includes('tsx')) ? [] : ['--import', 'tsx'];
    const transfer = init.loadDataDir ? [init.loadDataDir.buffer as ArrayBuffer] : [];
    this.#worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: init,
      transferList: transfer,
      execArgv: [...process.execArgv, ...tsx],
    });
    let ready!: () => void;
    let failed!: (err: unknown) => void;
    this.#ready = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
    this.#worker.on('message', (message: Reply) => {
      if ('ready' in message) {
        if (message.ready) ready();
        else failed(toError(message.error));
      } else if ('notify' in message) {
        for (const listener of this.#listeners.get(message.notify) ?? []) listener(message.payload);
      } else {
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        this.#pending.delete(message.id);
        if (this.#pending.size === 0) this.#worker.unref();
        if (message.error) pending.reject(toError(message.error, pending));
        else pending.resolve(message.result);
      }
    });
    this.#exited = new Promise<void>((resolve) => {
      const end = (err: unknown) => {
        this.#closed = true;
        failed(err);
        for (const pending of this.#pending.values()) pending.reject(err);
        this.#pending.clear();
        resolve();
      };
      this.#worker.on('error', end);
      this.#worker.on('exit', (code) => end(new Error(`The database thread ended (exit code ${code})`)));
    });
  }

  static async create(init: WorkerInit = {}): Promise<PgliteThread> {
    const thread = new PgliteThread(init);
    try {
      await thread.#ready;
    } catch (err) {
      await thread.#worker.terminate();
      throw err;
    }
    thread.#worker.unref();
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  #send<T>(request: Op, context?: Omit<Pending, 'resolve' | 'reject'>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, ...context });
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage({ ...request, id });
    });
  }

  async #query<T>(text: string, params: unknown[] = [], options: QueryOptions | undefined, tx?: number): Promise<Results<T>> {
    if (options?.blob || options?.serializers || options?.paramTypes || options?.onNotice) {
      throw new Error('This query option does not cross to the database thread');
    }
    const parsers = options?.parsers;
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = await this.#send<Results<T>>({ op: 'query', text, params, rowMode: options?.rowMode, rawTypes, tx }, { text, params, options });
    if (parsers) applyParsers(result, parsers, options?.rowMode);
    return result;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#send<Results[]>({ op: 'exec', text }, { text });
  }

  async transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = await this.#send<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: PgliteTransaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => (open(), this.#query<R>(text, params, options, id)),
      exec: async (text: string) => (open(), this.#send<Results[]>({ op: 'exec', text, tx: id }, { text })),
      rollback: async () => {
        open();
        await this.#send({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      await this.#send({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw err;
    }
    closed = true;
    await this.#send({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#send({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.#listeners.get(channel) === set) {
        this.#listeners.delete(channel);
        if (!this.#closed) await this.#send({ op: 'unlisten', channel });
      }
    };
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<File> {
    const dump = await this.#send<{ name: string; type: string; bytes: ArrayBuffer }>({ op: 'dump', compression });
    return new File([dump.bytes], dump.name, { type: dump.type });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#send({ op: 'close' });
    this.#closed = true;
    // Unreferenced when idle: waiting for its exit must keep the process alive.
    this.#worker.ref();
    await this.#exited;
  }
}

function toError(serialized: SerializedError, context?: Pick<Pending, 'text' | 'params' | 'options'>): Error {
  const err = new Error(serialized.message);
  Object.assign(err, serialized.fields);
  Object.defineProperty(err, 'name', { value: serialized.name, configurable: true, writable: true });
  if (context?.text !== undefined && 'code' in err) Object.assign(err, { query: context.text, params: context.params, queryOptions: context.options });
  // Where the statement was sent from says more than the worker's stack, which follows it.
  if (serialized.stack) err.stack = `${err.stack}\n    in the database thread: ${serialized.stack}`;
  return err;
}

function applyParsers(result: Results<unknown>, parsers: NonNullable<QueryOptions['parsers']>, rowMode: QueryOptions['rowMode']) {
  const columns = result.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID] as ((value: string, type: number) => unknown) | undefined;
    return parser ? [{ key: rowMode === 'array' ? index : field.name, parser, type: field.dataTypeID }] : [];
  });
  if (!columns.length) return;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parser, type } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parser(value, type);
    }
  }
}
