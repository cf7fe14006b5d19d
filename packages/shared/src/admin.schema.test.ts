import { describe, expect, it } from 'vitest';
import { growthRangeQuery } from './admin.schema';

describe('growthRangeQuery', () => {
  it('accepts two calendar days, From not after To', () => {
    expect(growthRangeQuery.parse({ from: '2026-01-01', to: '2026-02-01' })).toEqual({ from: '2026-01-01', to: '2026-02-01' });
  });

  // The day check must not run on what the pattern already refused: `new Date('…T00:00:00ZT00:00:00Z')`
  // is an invalid date whose toISOString() throws, and a throw in a refine is a 500, not a 400.
  it.each([
    ['2026-01-01T00:00:00Z', '2026-02-01'],
    ['2026-01-01', '2026-02-01T12:00'],
    ['2026-01-01 00:00', '2026-02-01'],
    ['2026-1-1', '2026-02-01'],
    ['20260101', '2026-02-01'],
    ['', ''],
    ['2026-02-30', '2026-03-01'],
    ['0000-01-01', '2026-01-01'],
    ['+02026-01-01', '2026-02-01'],
  ])('refuses from=%j to=%j with the date message, without throwing', (from, to) => {
    const res = growthRangeQuery.safeParse({ from, to });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toContain('Use a date like 2026-01-31.');
  });

  it('says which rule a valid pair breaks', () => {
    expect(growthRangeQuery.safeParse({ from: '2026-02-01', to: '2026-01-01' }).error?.issues[0]?.message).toBe('From must not be after To.');
    expect(growthRangeQuery.safeParse({ from: '2020-01-01', to: '2026-01-01' }).error?.issues[0]?.message).toBe('Choose a range of at most two years.');
  });
});
