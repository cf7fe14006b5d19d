/**
 * An API failure: `code` is what lib/errors.ts turns into the reader's language, `message` the server's
 * English (the fallback), `field` the request field at fault when the server names one.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public code?: string,
    public field?: string,
  ) {
    super(message);
  }
}

/**
 * Awaited before a failure is thrown (the browser's lib/i18n.ts fetches the `errors` catalog with it),
 * so the screen that shows the failure finds its words. Its own failure never hides the API's.
 */
let beforeFailure: (error: ApiError) => Promise<unknown> = async () => undefined;

export function setBeforeFailure(hook: (error: ApiError) => Promise<unknown>) {
  beforeFailure = hook;
}

async function failure(error: ApiError): Promise<ApiError> {
  await beforeFailure(error).catch(() => undefined);
  return error;
}

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

async function parse(res: Response) {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sent as the Idempotency-Key header: a retry with the same key is answered, not repeated (see use-idempotency-key.ts). */
export interface RequestOptions {
  idempotencyKey?: string;
}

/**
 * How requests leave: the browser's fetch, or on the server (entry-server.tsx) a fetch that hands the
 * request to the API in-process with the visitor's cookie, so server rendering costs no HTTP hop.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(fetchImpl: typeof fetch) {
  transport = fetchImpl;
}

export async function api<T>(path: string, init: { method?: string; body?: Body; signal?: AbortSignal } & RequestOptions = {}): Promise<T> {
  const { method = init.body ? 'POST' : 'GET', body, signal, idempotencyKey } = init;
  const headers: Record<string, string> = {};
  if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let res: Response;
  try {
    res = await transport(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers,
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw await failure(new ApiError('Network error. Please check your connection and try again.', 0, 'NETWORK'));
  }
  const data = await parse(res);
  if (!res.ok) {
    const message = (data && typeof data === 'object' && 'message' in data && String(data.message)) || res.statusText || 'Request failed';
    throw await failure(new ApiError(message, res.status, data?.code, data?.field));
  }
  return data as T;
}

/**
 * A multipart upload that reports progress (fetch cannot), for files sent over slow networks.
 * onProgress receives 0..100.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  method = 'POST',
  { idempotencyKey }: RequestOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    if (idempotencyKey) xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    const fail = (error: ApiError) => void failure(error).then(reject);
    xhr.onerror = () => fail(new ApiError('Network error. Please check your connection and try again.', 0, 'NETWORK'));
    xhr.onload = () => {
      let data: { message?: string; code?: string; field?: string } | null = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(data as T);
      } else fail(new ApiError(data?.message ?? 'Upload failed.', xhr.status, data?.code, data?.field));
    };
    xhr.send(form);
  });
}
