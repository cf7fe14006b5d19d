import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell: formula injection (decision 0076)', () => {
  it('prefixes a formula character at the start', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('prefixes a formula character after leading blanks', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('   @x')).toBe("'   @x");
    expect(csvCell('\u00a0=1')).toBe("'\u00a0=1"); // no-break space
    expect(csvCell('\u3000=1')).toBe("'\u3000=1"); // ideographic space
    expect(csvCell('\u200b=1')).toBe("'\u200b=1"); // zero-width space
    expect(csvCell('\ufeff+1')).toBe("'\ufeff+1"); // byte-order mark
  });

  it('prefixes a formula character after control characters, quoting what needs it', () => {
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('\r@x')).toBe(`"'\r@x"`);
    expect(csvCell('\n=1')).toBe(`"'\n=1"`);
    expect(csvCell('\u0000=1+1')).toBe("'\u0000=1+1");
    expect(csvCell(' \t \r\n-1')).toBe(`"' \t \r\n-1"`);
  });

  it('prefixes any cell that starts with a control character, formula or not', () => {
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rplain')).toBe(`"'\rplain"`);
    expect(csvCell('\u0000plain')).toBe("'\u0000plain");
    expect(csvCell('\u0007bell')).toBe("'\u0007bell");
    expect(csvCell('\u007fdel')).toBe("'\u007fdel");
    expect(csvCell('\u0085next line')).toBe("'\u0085next line");
  });

  it('treats numbers written as text as text: a sign or a phone gets the apostrophe', () => {
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('+1 876 555 0100')).toBe("'+1 876 555 0100");
    expect(csvCell(' -5')).toBe("' -5");
  });

  it('writes our own numbers plainly, and leaves ordinary text alone', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(4.5)).toBe('4.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell('2026-01-05')).toBe('2026-01-05');
    expect(csvCell('876-555-0100')).toBe('876-555-0100');
    expect(csvCell('Ana = great')).toBe('Ana = great');
    expect(csvCell('a@b.com')).toBe('a@b.com');
    expect(csvCell(' plain ')).toBe(' plain ');
    expect(csvCell('')).toBe('');
    expect(csvCell("'already")).toBe("'already");
  });

  it('quotes as RFC 4180 says', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvRow(['=1', 2, 'x,y'])).toBe(`'=1,2,"x,y"`);
  });
});
