import type { CDPSession } from 'playwright-core';

export interface Request {
  id: string;
  url: string;
  type: string;
  /** Seconds on the browser's monotonic clock. */
  start: number;
  end?: number;
  /** Bytes received for it, headers included (compressed as sent). */
  bytes?: number;
  /** The request whose response started this one (the page for its own HTML's links), if any. */
  parent?: Request;
  /** Chromium's priority for it (VeryHigh for render-blocking CSS, High, Medium, Low). */
  priority?: string;
  /**
   * When it left the browser (seconds, same clock): later than `start` when it waited for one of
   * HTTP/1.1's six connections to the host, and each wait ends with a round trip of its own.
   */
  sent?: number;
  /** When its response headers were in: the round trip after `sent`. */
  headers?: number;
  /** Its connection (CDP's id) and whether it had carried an earlier request. */
  connection?: number;
  reused?: boolean;
  /** Bytes of the response's headers as received (the rest of `bytes` is the body). */
  headerBytes?: number;
}

/** The URL of what started a request: the document or stylesheet that named it, or the script that asked. */
function initiatorUrl(initiator: { url?: string; stack?: { callFrames: Array<{ url: string }>; parent?: unknown } }): string | undefined {
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack as { callFrames: Array<{ url: string }>; parent?: unknown } | undefined; stack; stack = stack.parent as typeof stack) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return undefined;
}

/**
 * Every request a page makes, with what started it (CDP's initiator: the parser of the HTML or a
 * stylesheet, or a script's call stack), so the longest chain of requests that each waited for the
 * previous one can be read off: the round trips a slow link pays one after the other.
 */
export async function recordWaterfall(cdp: CDPSession) {
  const requests: Request[] = [];
  const byId = new Map<string, Request>();
  const latest = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.redirectResponse) return;
    const from = initiatorUrl(event.initiator);
    const request: Request = {
      id: event.requestId,
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp,
      parent: from ? latest.get(from) : undefined,
      priority: event.request.initialPriority,
    };
    requests.push(request);
    byId.set(event.requestId, request);
    latest.set(request.url, request);
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = byId.get(event.requestId);
    const timing = event.response.timing;
    if (!request) return;
    request.connection = event.response.connectionId;
    request.reused = event.response.connectionReused;
    if (!timing) return;
    request.sent = timing.requestTime + timing.sendStart / 1000;
    request.headers = timing.requestTime + timing.receiveHeadersEnd / 1000;
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const request = byId.get(event.requestId);
    if (request && event.headersText) request.headerBytes = event.headersText.length;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = byId.get(event.requestId);
    if (!request) return;
    request.end = event.timestamp;
    request.bytes = event.encodedDataLength;
  });
  await cdp.send('Network.enable');
  return requests;
}

/** The requests from the page's own down to this one. */
export function chainOf(request: Request): Request[] {
  const chain: Request[] = [];
  for (let r: Request | undefined = request; r && !chain.includes(r); r = r.parent) chain.unshift(r);
  return chain;
}

/**
 * The longest chain among requests that were in by `until` (seconds, the browser's clock): what the
 * page could have waited for. One asked for a moment before `until` and still on its way (the
 * stylesheet stored for later pages, asked for as the last part hydrates) is not part of it.
 */
export function longestChain(requests: Request[], until = Infinity): Request[] {
  let longest: Request[] = [];
  for (const request of requests) {
    if (request.end === undefined || request.end > until) continue;
    const chain = chainOf(request);
    if (chain.length > longest.length) longest = chain;
  }
  return longest;
}

/**
 * One line per request, in ms after the first request: asked for → sent (a gap is a wait for a
 * connection) → headers in → last byte; KB received (of which headers), the connection (* when
 * reused), Chromium's priority, depth in its chain, type and path.
 */
export function waterfallLines(requests: Request[], until = Infinity): string[] {
  const zero = requests[0]?.start ?? 0;
  const ms = (t?: number) => (t === undefined ? '    …' : String(Math.round((t - zero) * 1000)).padStart(5));
  const kb = (bytes?: number, width = 6) => (bytes === undefined ? '…'.padStart(width) : (bytes / 1024).toFixed(1).padStart(width));
  const lines = [
    'asked  sent  hdrs → end ms      KB  (hdrs)  conn    priority  depth type       path',
    ...requests
      .filter((r) => r.start <= until)
      .map(
        (r) =>
          `${ms(r.start)} ${ms(r.sent)} ${ms(r.headers)} → ${ms(r.end)}  ${kb(r.bytes)}  (${kb(r.headerBytes, 4)})  ${String(r.connection ?? '').padStart(4)}${r.reused ? '*' : ' '}  ${(r.priority ?? '').padEnd(8)}  ${chainOf(r).length}     ${r.type.padEnd(10)} ${new URL(r.url).pathname}`,
      ),
  ];
  return lines;
}

/** Bytes received (headers included) for the requests that ended before `until`, and how many. */
export function bytesBefore(requests: Request[], until = Infinity): { bytes: number; requests: number; headerBytes: number } {
  const done = requests.filter((r) => r.end !== undefined && r.end <= until);
  return {
    bytes: done.reduce((sum, r) => sum + (r.bytes ?? 0), 0),
    requests: done.length,
    headerBytes: done.reduce((sum, r) => sum + (r.headerBytes ?? 0), 0),
  };
}
