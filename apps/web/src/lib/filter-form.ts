/**
 * The named fields of a list's filter form, as the URL's query parameters hold them. The form is a
 * plain GET form, so before hydration the browser sends exactly these to the server; after hydration
 * its submit handler applies the same values in place, with nothing but the form to read from.
 */
export function formFilters(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}
