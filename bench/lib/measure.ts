import autocannon from 'autocannon';

export interface Measurement {
  perSecond: number;
  p50: number;
  p95: number;
  count: number;
  failures: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarise(latencies: number[], seconds: number, failures: number): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: latencies.length, failures };
}

/** HTTP load with autocannon; p95 from every response's own time (autocannon's summary has no p95). */
export async function loadHttp(
  url: string,
  { connections, seconds }: { connections: number; seconds: number },
  headers?: Record<string, string>,
): Promise<Measurement> {
  const latencies: number[] = [];
  let failures = 0;
  const instance = autocannon({ url, connections, duration: seconds, ...(headers ? { headers } : {}) });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    else failures++;
  });
  const result = await instance;
  return summarise(latencies, result.duration || seconds, failures + result.errors + result.timeouts);
}

/** The same amount of concurrency in-process: `workers` loops calling `task` until time is up. */
export async function loadDirect(task: () => Promise<unknown>, { connections, seconds }: { connections: number; seconds: number }): Promise<Measurement> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await task();
          latencies.push(performance.now() - t0);
        } catch {
          failures++;
        }
      }
    }),
  );
  return summarise(latencies, (performance.now() - started) / 1000, failures);
}

/** One request at a time: `warmup` unmeasured runs, then each of `requests` runs' milliseconds. */
export async function sequentialTimes(run: () => Promise<unknown>, { warmup, requests }: { warmup: number; requests: number }): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const out: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return out;
}

export const p95 = (ms: number[]) =>
  percentile(
    [...ms].sort((a, b) => a - b),
    95,
  );
