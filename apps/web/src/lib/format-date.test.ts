import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, setTimeZoneSource } from './format-date';

afterEach(() => {
  vi.restoreAllMocks();
  setTimeZoneSource(() => undefined);
});

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

  it('formats in the zone its source gives, asked at each call', () => {
    let zone: string | undefined = 'Pacific/Kiritimati';
    setTimeZoneSource(() => zone);
    // 20:30 UTC on 12 March is already 13 March at UTC+14, and still 12 March at UTC-10.
    expect(formatDate('2026-03-12T20:30:00Z', 'en-US')).toBe('Mar 13, 2026');
    zone = 'Pacific/Honolulu';
    expect(formatDate('2026-03-12T20:30:00Z', 'en-US')).toBe('Mar 12, 2026');
    expect(formatDate('2026-03-12T20:30:00Z', 'en-US', true)).toBe('Mar 12, 2026, 10:30 AM');
  });
});
