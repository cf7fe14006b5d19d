import { describe, expect, it } from 'vitest';
import { adFilterParams } from './get-ads';

describe('adFilterParams', () => {
  it('ranks words by relevance unless another order was chosen, and keeps the newest-first list without words', () => {
    expect(adFilterParams({}).toString()).toBe('');
    expect(adFilterParams({ sort: 'relevance' }).toString()).toBe('');
    expect(adFilterParams({ q: 'nevera' }).toString()).toBe('q=nevera&sort=relevance');
    expect(adFilterParams({ q: 'nevera', sort: '' }).toString()).toBe('q=nevera&sort=relevance');
    expect(adFilterParams({ q: 'nevera', sort: 'newest' }).toString()).toBe('q=nevera');
    expect(adFilterParams({ q: 'nevera', sort: 'price', country: 'Jamaica' }).toString()).toBe('q=nevera&country=Jamaica&sort=price');
    // A price order without a country says nothing (decision 0037): the words are ranked instead.
    expect(adFilterParams({ q: 'nevera', sort: 'price' }).toString()).toBe('q=nevera&sort=relevance');
    expect(adFilterParams({ q: 'nevera' }, 'r20').toString()).toBe('q=nevera&sort=relevance&cursor=r20');
  });
});
