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
    };
    requests.push(request);
    byId.set(event.requestId, request);
    latest.set(request.url, request);
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

/** The longest chain among requests started before `until` (seconds, the browser's clock). */
export function longestChain(requests: Request[], until = Infinity): Request[] {
  let longest: Request[] = [];
  for (const request of requests) {
    if (request.start > until) continue;
    const chain = chainOf(request);
    if (chain.length > longest.length) longest = chain;
  }
  return longest;
}

/** One line per request: start and end in ms after the first request, KB received, depth in its chain, type and path. */
export function waterfallLines(requests: Request[], until = Infinity): string[] {
  const zero = requests[0]?.start ?? 0;
  const ms = (t?: number) => (t === undefined ? '   …' : String(Math.round((t - zero) * 1000)).padStart(5));
  return requests
    .filter((r) => r.start <= until)
    .map(
      (r) =>
        `${ms(r.start)} → ${ms(r.end)} ms  ${r.bytes === undefined ? '     …' : (r.bytes / 1024).toFixed(1).padStart(6)} KB  depth ${chainOf(r).length}  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`,
    );
}
