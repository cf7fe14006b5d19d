/**
 * The one place where empty values are dropped from a query: '', whitespace, null and undefined never
 * reach a URL, so equal filters make equal URLs and share one cache entry.
 */
export function compactParams(params: Record<string, string | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const v = value?.trim();
    if (v) out[key] = v;
  }
  return out;
}

/** '?a=1&b=2' from the non-empty values, or '' when there are none. */
export function searchOf(params: Record<string, string | null | undefined>): string {
  const s = new URLSearchParams(compactParams(params)).toString();
  return s ? `?${s}` : '';
}
