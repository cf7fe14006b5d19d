import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from './format-date';

afterEach(() => vi.restoreAllMocks());

describe('formatDate', () => {
  it('builds one Intl.DateTimeFormat per language and style, however many dates it formats', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 50; i++) formatDate(new Date(Date.UTC(2026, 2, 1 + (i % 28))).toISOString(), 'fr-FR');
    for (let i = 0; i < 50; i++) formatDate('2026-03-12T15:30:00Z', 'fr-FR', true);
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
