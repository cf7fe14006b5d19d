/**
 * A browser that has never stored the shared stylesheet gets it inside the page (a `<style>` with
 * the file's address in `data-href`); once the page has hydrated, the browser fetches the file into
 * its cache and sets this cookie to its name, and later pages link to it again. On a slow link the
 * first page then paints with its styles without another round trip, and its scripts have the
 * link to themselves.
 */
export const STYLESHEET_COOKIE = 'css';

/** The cookie's value for these stylesheets: their file names, so a new build's are fetched again. */
export const stylesheetCookieValue = (hrefs: string[]) => hrefs.map((href) => href.slice(href.lastIndexOf('/') + 1)).join('+');
