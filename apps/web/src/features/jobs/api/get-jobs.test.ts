import { describe, expect, it } from 'vitest';
import { normalizeJobFilters } from './get-jobs';

describe('jobs list filters', () => {
  it('jobs filters: equal filters give equal objects (one cache entry), unknown dates are ignored', () => {
    expect(normalizeJobFilters({ title: ' Chef ', category: '', country: undefined, date: 'last7d' })).toEqual({
      title: 'Chef',
      date: 'last7d',
      sort: 'relevance',
    });
    expect(normalizeJobFilters({ title: 'Chef', date: 'yesterday' })).toEqual({ title: 'Chef', sort: 'relevance' });
    expect(normalizeJobFilters({ title: 'Chef', category: ' ' })).toEqual(normalizeJobFilters({ title: 'Chef ' }));
    // Words are ranked by relevance unless Newest was chosen; without words there is no order to ask for.
    expect(normalizeJobFilters({ title: 'Chef', sort: 'newest' })).toEqual({ title: 'Chef', sort: 'newest' });
    expect(normalizeJobFilters({ title: 'Chef', sort: 'fanciest' })).toEqual({ title: 'Chef', sort: 'relevance' });
    expect(normalizeJobFilters({ sort: 'newest' })).toEqual({});
  });
});
