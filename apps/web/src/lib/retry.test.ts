import { describe, expect, it } from 'vitest';
import { withRetries } from './retry';

/** A download that fails `failures` times, then answers. */
function flaky(failures: number) {
  let calls = 0;
  const load = async () => {
    calls++;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return 'screen';
  };
  return { load, calls: () => calls };
}

describe('withRetries', () => {
  it('a dropped download is tried again and its result returned', async () => {
    const file = flaky(2);
    await expect(withRetries(file.load, [1, 1])).resolves.toBe('screen');
    expect(file.calls()).toBe(3);
  });

  it('after the last try the failure is the caller’s, once', async () => {
    const file = flaky(5);
    await expect(withRetries(file.load, [1, 1])).rejects.toThrow('Failed to fetch');
    expect(file.calls()).toBe(3);
  });

  it('a download that works is fetched once', async () => {
    const file = flaky(0);
    await expect(withRetries(file.load)).resolves.toBe('screen');
    expect(file.calls()).toBe(1);
  });
});
