import { describe, expect, it } from 'vitest';
import { normalizeJobFilters } from './get-jobs';

describe('jobs list filters', () => {
  it('jobs filters: equal filters give equal objects (one cache entry), unknown dates are ignored', () => {
    expect(normalizeJobFilters({ title: ' Chef ', category: '', country: undefined, date: 'last7d' })).toEqual({ title: 'Chef', date: 'last7d' });
    expect(normalizeJobFilters({ title: 'Chef', date: 'yesterday' })).toEqual({ title: 'Chef' });
    expect(normalizeJobFilters({ title: 'Chef', category: ' ' })).toEqual(normalizeJobFilters({ title: 'Chef ' }));
  });
});
