import { describe, expect, it } from 'vitest';
import { NUL_FREE_MESSAGE, text } from './text.schema';

describe('text()', () => {
  it('accepts ordinary and unicode text', () => {
    expect(text().parse('Bonjour, ñandú 😀')).toBe('Bonjour, ñandú 😀');
  });

  it('refuses a NUL character with a readable message', () => {
    const res = text().safeParse('a\u0000b');
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(NUL_FREE_MESSAGE);
  });

  it('chains with the usual string checks', () => {
    const title = text().trim().min(1, { message: 'Required.' }).max(5);
    expect(title.parse('  abc ')).toBe('abc');
    expect(title.safeParse('   ').error?.issues[0]?.message).toBe('Required.');
    expect(title.safeParse('abcdefgh').success).toBe(false);
    expect(title.safeParse('a\u0000').success).toBe(false);
  });
});
