// The parts of autocannon (no bundled types) the benchmarks use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p90: number; p99: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {}
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
