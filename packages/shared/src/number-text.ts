/**
 * A number as people in the region type it (issue 48, item 11): "1500", "1,500", "1 500", "1.500",
 * "1'500", "1,500.50", "1.500,50", "1 500,50", "12.5", "12,5", with or without a currency sign. The
 * last "," or "." is the decimal mark when both appear; one alone is a thousands mark when it is
 * followed by exactly three digits (and repeats in threes), else the decimal mark. Null when the
 * text is not a number this way (letters, two decimal marks, a minus sign).
 */
export function parseNumberText(input: string): number | null {
  // Spaces of every kind (a phone's keyboard and French usage put narrow no-break ones) and apostrophes group digits.
  let text = input.trim().replace(/[\s\u00a0\u202f'’]/g, '');
  // A currency written before or after: "$", "€", "ƒ", "JMD 1,500", "1500 XCD".
  text = text.replace(/^(?:[A-Za-z]{3}|[$€£ƒ])+/, '').replace(/(?:[A-Za-z]{3}|[$€£ƒ])+$/, '');
  if (!/^\d[\d.,]*$/.test(text) || /[.,]$/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimal: ',' | '.' | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimal = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.';
    const groups = text.split(mark);
    const thousands = groups.slice(1).every((g) => g.length === 3) && groups[0]!.length <= 3;
    decimal = groups.length === 2 && !thousands ? mark : null;
    if (groups.length > 2 && !thousands) return null;
  }
  const grouping = decimal === ',' ? '.' : decimal === '.' ? ',' : /[.,]/;
  const [whole, fraction, extra] = decimal ? text.split(decimal) : [text];
  if (extra !== undefined) return null;
  const digits = whole!.split(grouping);
  // Thousands groups after the first are three digits each.
  if (digits.length > 1 && (digits[0]!.length > 3 || digits.slice(1).some((g) => g.length !== 3))) return null;
  const value = Number(`${digits.join('')}${fraction !== undefined ? `.${fraction}` : ''}`);
  return Number.isFinite(value) ? value : null;
}

/** A filter's amount as typed, made plain ("1 500,50" → "1500.5"); text that is no number is left for the schema to refuse. */
export const plainNumberText = (v: unknown): unknown => {
  if (typeof v !== 'string' || v.trim() === '') return v;
  const n = parseNumberText(v);
  return n === null ? v : String(n);
};
