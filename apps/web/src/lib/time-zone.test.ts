import { describe, expect, it } from 'vitest';
import { timeZoneFromCookie, validTimeZone } from './time-zone';

describe('validTimeZone', () => {
  it('accepts the zones Intl knows, in its own spelling', () => {
    expect(validTimeZone('America/Port_of_Spain')).toBe('America/Port_of_Spain');
    expect(validTimeZone('america/port_of_spain')).toBe('America/Port_of_Spain');
    expect(validTimeZone('Etc/GMT+4')).toBe('Etc/GMT+4');
    expect(validTimeZone('UTC')).toBe('UTC');
  });

  it('refuses anything else without throwing', () => {
    for (const value of ['', 'Mars/Olympus_Mons', 'x', '../../etc/passwd', 'UTC<script>', 'America/New York', 'a'.repeat(65), 42, null, undefined, {}]) {
      expect(validTimeZone(value), String(value)).toBeUndefined();
    }
  });
});

describe('timeZoneFromCookie', () => {
  it('reads the tz cookie among others, encoded or not', () => {
    expect(timeZoneFromCookie('lang=es; tz=Pacific%2FKiritimati; b=2')).toBe('Pacific/Kiritimati');
    expect(timeZoneFromCookie('tz=America/Jamaica')).toBe('America/Jamaica');
  });

  it('answers undefined for a missing, malformed or forged cookie', () => {
    for (const header of [undefined, '', 'lang=es', 'xtz=UTC', 'tz=', 'tz=%E0%A4%A', 'tz=Nowhere%2FLand', 'tz=%22%3E%3Cscript%3E', `tz=${'A/'.repeat(5000)}`]) {
      expect(timeZoneFromCookie(header), String(header)).toBeUndefined();
    }
  });
});
