import http from 'node:http';

export interface StreamEvent {
  id: string;
  event: string;
  data: string;
}

/**
 * A lean EventSource for load tests: one HTTP connection, events handed to `onEvent` as they are
 * parsed (JSON is left to the caller). Resolves once the response headers arrived.
 */
export function openStream(url: string, cookie: string, onEvent: (e: StreamEvent) => void): Promise<{ close(): void; status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let id = '';
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) onEvent({ id, event, data });
        }
      });
      res.on('error', () => {});
      resolve({ close: () => req.destroy(), status: res.statusCode ?? 0 });
    });
    req.on('error', reject);
  });
}
