/** A small closed-loop load generator: `concurrency` workers repeat `request` for `seconds`. */
export async function load(request: () => Promise<Response>, opts: { concurrency: number; seconds: number }) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + opts.seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await request();
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { count: latencies.length, errors, rps: latencies.length / elapsed, p50: pct(50), p95: pct(95), p99: pct(99) };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/**
 * Open-loop load: starts `rate` requests a second whatever the answers, as independent users
 * would, and reports the latency each one saw. Unlike `load`, it does not saturate the machine
 * itself, so it shows what other work (sign-ins) does to one person's request.
 */
export async function paced(request: () => Promise<Response>, opts: { rate: number; seconds: number }) {
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(opts.rate * opts.seconds);
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / opts.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    inflight.push(
      request()
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) errors++;
        })
        .catch(() => void errors++)
        .finally(() => void latencies.push(performance.now() - t0)),
    );
  }
  await Promise.all(inflight);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { count: latencies.length, errors, rps: latencies.length / ((performance.now() - start) / 1000), p50: pct(50), p95: pct(95), p99: pct(99) };
}
