import { describe, expect, it } from 'vitest';
import { jobListFilters } from './jobs.schema';
import { adListQuery } from './ads.schema';
import { parseNumberText } from './number-text';

describe('numbers as people in the region type them (issue 48, item 11)', () => {
  it('reads thousands marks and decimal marks of either kind', () => {
    const cases: Array<[string, number]> = [
      ['1500', 1500],
      ['1,500', 1500],
      ['1 500', 1500],
      ['1\u202f500', 1500],
      ['1.500', 1500],
      ["1'500", 1500],
      ['1,500.50', 1500.5],
      ['1.500,50', 1500.5],
      ['1 500,50', 1500.5],
      ['12.5', 12.5],
      ['12,5', 12.5],
      ['1,234,567', 1234567],
      ['$1,500', 1500],
      ['JMD 120,000', 120000],
      ['0', 0],
    ];
    for (const [text, value] of cases) expect(parseNumberText(text), text).toBe(value);
  });

  it('refuses what is not a number', () => {
    for (const text of ['', 'abc', '1.2.3,4,5', '1,5,0', '-5', '12,', '1.500.5', '1,50.000']) expect(parseNumberText(text), text).toBeNull();
  });

  it('the jobs list’s "salary at least" and the ads’ price range take them', () => {
    expect(jobListFilters.parse({ salary: '1,500' }).salary).toBe('1500');
    expect(jobListFilters.parse({ salary: '1 500' }).salary).toBe('1500');
    expect(jobListFilters.parse({ salary: '1.500,50' }).salary).toBe('1501');
    expect(jobListFilters.safeParse({ salary: 'lots' }).success).toBe(false);
    expect(adListQuery.parse({ minPrice: '1.500,50', maxPrice: '2 000' })).toMatchObject({ minPrice: 1500.5, maxPrice: 2000 });
  });
});
