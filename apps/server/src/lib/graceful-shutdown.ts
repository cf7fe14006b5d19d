import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Counts requests per connection so shutdown can end the connections nobody is using. Node's own
 * server.close() leaves alone a connection that was opened but has not sent a request yet (browsers
 * open such spare connections ahead of time), and that alone kept the process up until its timeout.
 */
export function trackConnections(server: Server) {
  const inFlight = new Map<Socket, number>();
  let closing = false;

  const release = (socket: Socket) => {
    const left = (inFlight.get(socket) ?? 1) - 1;
    inFlight.set(socket, left);
    // end() lets the answer already written reach the client before the connection goes.
    if (closing && left === 0) endSoon(socket);
  };

  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
    // Arrived in the moment between the signal and the listener closing: nothing to finish.
    if (closing) endSoon(socket);
  });
  server.on('request', (req, res) => {
    const socket = req.socket as Socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => release(socket));
  });

  return {
    /** Ends every connection with no request in flight, and each other one once its last answer is sent. */
    closeIdle() {
      closing = true;
      for (const [socket, count] of inFlight) if (count === 0) endSoon(socket);
    },
    /** The last resort when requests did not finish in time. */
    destroyAll() {
      for (const socket of inFlight.keys()) socket.destroy();
    },
    get open() {
      return inFlight.size;
    },
  };
}

function endSoon(socket: Socket) {
  socket.end();
  // A client that never answers our FIN must not hold the process either.
  setTimeout(() => socket.destroy(), 1000).unref();
}

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work.then(() => 'done' as const), new Promise<'timeout'>((resolve) => setTimeout(resolve, ms, 'timeout').unref())]);

interface Closable {
  close(): Promise<unknown>;
}

/**
 * Closes the database, bounded: an embedded database that cannot close in time is left for crash
 * recovery at the next start rather than holding the process.
 */
export async function closeDatabase(database: Closable, ms = 5_000): Promise<boolean> {
  try {
    return (await within(ms, database.close())) === 'done';
  } catch (err) {
    console.error('Could not close the database:', err);
    return false;
  }
}

/**
 * The shutdown sequence; resolves with the exit code. app.close() first aborts app.shuttingDown
 * (long-lived streams end), then stops listening; connections without a request in flight are
 * ended at once, the others after their answer. Requests still running after graceMs have their
 * connections cut (exit code 1). The database is closed on every path, so PGlite writes its
 * shutdown checkpoint (no crash recovery at the next start) and PostgreSQL sessions end.
 */
export async function closeGracefully(opts: {
  app: { close(): Promise<unknown>; log: { warn(msg: string): void; error(obj: object, msg: string): void } };
  database: Closable;
  connections: ReturnType<typeof trackConnections>;
  graceMs: number;
}): Promise<number> {
  const { app, database, connections, graceMs } = opts;
  const closed = app.close();
  connections.closeIdle();
  let code = 0;
  const outcome = await within(graceMs, closed).catch((err: unknown) => {
    app.log.error({ err }, 'shutdown failed');
    return 'failed' as const;
  });
  if (outcome !== 'done') {
    if (outcome === 'timeout') app.log.warn(`requests still running after ${graceMs / 1000} s; cutting their connections`);
    connections.destroyAll();
    code = 1;
  }
  if (!(await closeDatabase(database))) code = 1;
  return code;
}
