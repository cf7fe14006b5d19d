import { describe, expect, it } from 'vitest';
import { compactParams, searchOf } from './query-string';

describe('query strings', () => {
  it('drop empty, blank and missing values, and trim the rest', () => {
    expect(compactParams({ a: ' chef ', b: '', c: '   ', d: undefined, e: null })).toEqual({ a: 'chef' });
    expect(searchOf({ title: 'sous chef', cursor: undefined })).toBe('?title=sous+chef');
    expect(searchOf({ title: ' ' })).toBe('');
  });
});
