/**
 * What a spreadsheet may skip before it reads a formula: blanks (every Unicode space, no-break and
 * full-width included), C0/C1 control characters (NUL, tab, CR, LF…), and the invisible format
 * characters (zero-width spaces and joiners, direction marks, the byte-order mark).
 */
const SKIPPED = '\\s\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\ufeff';
/** = + - @ after any run of SKIPPED, or any control character first (tab and CR are OWASP's own two). */
const FORMULA_LIKE = new RegExp(`^(?:[${SKIPPED}]*[=+\\-@]|[\\u0000-\\u001f\\u007f-\\u009f])`);

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled.
 *
 * Formula injection (OWASP "CSV injection"): a text cell a spreadsheet could run as a formula gets a
 * leading apostrophe, so text typed by users never executes in the reader's spreadsheet. A cell is
 * formula-like when, after the blanks, control and invisible characters a spreadsheet may skip, it
 * starts with = + - or @ (" =1+1", "\t=cmd", "\r@x", "\u0000=…"), or when it starts with a control
 * character at all (tab, CR, NUL…). The apostrophe goes before the text as it came: nothing is trimmed
 * away, so the reader sees what was typed.
 *
 * Numbers written as text are text (decision 0076): a string "-5" or a phone "+1 876 555 0100" comes
 * from a person and gets the apostrophe too, as OWASP advises (prefix anything starting with = + - @
 * tab CR, after trimming); a spreadsheet then shows it as text, which is what it is. Our own numbers
 * (counts, the applicants' rating count) are passed as numbers and written plainly, so they stay
 * numbers in the sheet: a caller that wants a numeric cell passes a `number`, never a string.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_LIKE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: Array<string | number>) => cells.map(csvCell).join(',');

/** Records separated by CRLF, as RFC 4180 says. */
export const csvLines = (rows: string[]) => `${rows.join('\r\n')}\r\n`;
