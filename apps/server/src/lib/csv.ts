/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A cell a
 * spreadsheet would run as a formula (first character = + - @, tab or CR) gets a leading apostrophe,
 * so text typed by users can never execute in the admin's spreadsheet (OWASP "CSV injection").
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: Array<string | number>) => cells.map(csvCell).join(',');

/** Records separated by CRLF, as RFC 4180 says. */
export const csvLines = (rows: string[]) => `${rows.join('\r\n')}\r\n`;
