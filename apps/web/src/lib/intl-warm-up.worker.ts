// Off the page's main thread: the first Intl object a browser process builds loads the runtime's
// locale data, 50-180 ms on a slow phone, once for the whole process (decision 0061). Built here
// first, the page's own date and number formatters then cost a millisecond or two each. The reader's
// zone goes back to the page, for the cookie the server renders dates with (lib/time-zone.ts).
// The page's language comes as the worker's name, not in a message: a message to a worker that is
// starting waits for the page's main thread, which is busy running the app's modules then.
import { intlLocale } from './language';

const locale = intlLocale(self.name || 'en');
new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
new Intl.NumberFormat(locale).format(0);
// Salaries and prices: the locale's currency names and symbols are data of their own.
new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(0);
// The page hydrates once it has this answer (or has waited long enough): sent before the rest.
self.postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
// Plurals (the translator), the names of countries and their order (lib/country-name.ts) have data of
// their own too, which the page's later parts use.
new Intl.PluralRules(locale).select(1);
new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of('JM');
new Intl.Collator(locale).compare('a', 'b');
self.close();
