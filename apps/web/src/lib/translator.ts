// The app's translator: what the screens used of i18next (docs/decisions/0048), in a few hundred
// bytes instead of its 14 KB in every first load. The catalogs' format is i18next's JSON v4, so the
// catalogs, their tests and the translators' tools are unchanged.
import { intlLocale } from './language';

/** One namespace's catalog: nested objects of strings, plural keys `_zero`, `_one`, `_other`, ... */
export type Catalog = Record<string, unknown>;
/** Catalogs by language, then namespace. */
export type Resources = Record<string, Record<string, Catalog>>;

export interface TOptions {
  /** The namespace, when the key does not name one (`ns:key`). */
  ns?: string;
  /** Picks the plural key by the language's rules (`_zero` first for 0), and is a value to interpolate. */
  count?: number;
  /** Said when the key is not in any catalog. */
  defaultValue?: string;
  /** `false`: the key is looked up whole (the validation catalog is keyed by English sentences). */
  keySeparator?: false;
  nsSeparator?: false;
  /** Values for `{{name}}`. */
  [value: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

type Event = 'languageChanged' | 'loaded' | 'failedLoading';
type Listener = (...args: string[]) => void;

export interface TranslatorOptions {
  lng: string;
  fallbackLng: string;
  defaultNS: string;
  /** Loaded up front and again in each language changed to. */
  ns: string[];
  resources: Resources;
  /** Fetches one catalog; a rejection is tried again after each of `retryDelays` ms. */
  load?: (lng: string, ns: string) => Promise<Catalog>;
  retryDelays?: number[];
  /** What a key found in no catalog reads as. */
  missingKey?: (key: string, defaultValue: string | undefined) => string;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `lng`, with the Intl locale whose rules it follows (ht as fr, pap as nl). */
function pluralCategory(lng: string, count: number): string {
  const locale = intlLocale(lng);
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

function lookup(catalog: Catalog | undefined, key: string, nested: boolean): string | undefined {
  if (!catalog) return undefined;
  let value: unknown = catalog;
  if (nested) for (const part of key.split('.')) value = value && typeof value === 'object' ? (value as Catalog)[part] : undefined;
  // A key that holds the separator itself (an English sentence) is also found whole.
  if (typeof value !== 'string') value = catalog[key];
  return typeof value === 'string' ? value : undefined;
}

/** `{{name}}` from the options; a name the options lack stays as written, one given as undefined reads as nothing. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(options, name)) return whole;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class Translator {
  language: string;
  private readonly options: TranslatorOptions;
  private readonly store: Resources;
  private readonly listeners = new Map<Event, Set<Listener>>();
  /** `lng|ns` being fetched, or fetched (failed ones included: they are not asked for again). */
  private readonly loading = new Map<string, Promise<void>>();
  /** Every namespace a screen asked for: the server sends the page's catalogs, a new language loads them. */
  private readonly used = new Set<string>();
  /** `lng|ns` fetched, or failed for good. */
  private readonly settled = new Set<string>();

  constructor(options: TranslatorOptions) {
    this.options = options;
    this.language = options.lng;
    this.store = {};
    for (const [lng, namespaces] of Object.entries(options.resources)) this.store[lng] = { ...namespaces };
  }

  get resolvedLanguage(): string {
    return this.language;
  }

  /** The language, then the fallback: where a key is looked for, in order. */
  get languages(): string[] {
    return this.language === this.options.fallbackLng ? [this.language] : [this.language, this.options.fallbackLng];
  }

  on(event: Event, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
  }

  off(event: Event, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: Event, ...args: string[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  private resolve(key: string, options: TOptions | undefined, fixedNs: string | undefined): string | undefined {
    let ns = options?.ns ?? fixedNs ?? this.options.defaultNS;
    const split = options?.nsSeparator === false ? -1 : key.indexOf(':');
    if (split > 0) {
      ns = key.slice(0, split);
      key = key.slice(split + 1);
    }
    const nested = options?.keySeparator !== false;
    const count = options?.count;
    for (const lng of this.languages) {
      const catalog = this.store[lng]?.[ns];
      if (!catalog) continue;
      if (typeof count === 'number') {
        const found = (count === 0 ? lookup(catalog, `${key}_zero`, nested) : undefined) ?? lookup(catalog, `${key}_${pluralCategory(lng, count)}`, nested);
        if (found !== undefined) return found;
      }
      const found = lookup(catalog, key, nested);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private translate(key: string, options: TOptions | undefined, fixedNs: string | undefined): string {
    const found = this.resolve(key, options, fixedNs);
    if (found !== undefined) return interpolate(found, options);
    const bare = options?.nsSeparator === false ? key : key.slice(key.indexOf(':') + 1);
    const missing = this.options.missingKey ? this.options.missingKey(bare, options?.defaultValue) : (options?.defaultValue ?? bare);
    return interpolate(missing, options);
  }

  t: TFunction = (key, options) => this.translate(key, options, undefined);

  /** A `t` whose keys are in `ns` unless they name another; always in the current language. */
  getFixedT(_lng: null, ns?: string): TFunction {
    return (key, options) => this.translate(key, options, ns);
  }

  exists(key: string, options?: TOptions): boolean {
    return this.resolve(key, options, undefined) !== undefined;
  }

  /** Whether every one of `namespaces` is here (or failed for good) in the current language. */
  hasLoaded(namespaces: string[]): boolean {
    if (!this.options.load) return true;
    return namespaces.every((ns) => this.store[this.language]?.[ns] !== undefined || this.settled.has(`${this.language}|${ns}`));
  }

  /** The namespaces screens asked for so far (useTranslation, loadNamespaces). */
  usedNamespaces(): string[] {
    return [...this.used];
  }

  /** Records namespaces a screen uses (the server sends their catalogs with the page). */
  use(namespaces: string[]): void {
    for (const ns of namespaces) this.used.add(ns);
  }

  private loadOne(lng: string, ns: string): Promise<void> {
    const name = `${lng}|${ns}`;
    if (this.store[lng]?.[ns] !== undefined) return Promise.resolve();
    const load = this.options.load;
    if (!load) return Promise.resolve();
    let pending = this.loading.get(name);
    if (!pending) {
      const delays = this.options.retryDelays ?? [];
      const attempt = (tries: number): Promise<Catalog> =>
        load(lng, ns).catch((err: unknown) =>
          tries < delays.length ? new Promise<Catalog>((resolve) => setTimeout(() => resolve(attempt(tries + 1)), delays[tries])) : Promise.reject(err),
        );
      pending = attempt(0).then(
        (catalog) => {
          (this.store[lng] ??= {})[ns] = catalog;
          this.settled.add(name);
          this.emit('loaded', lng, ns);
        },
        () => {
          // Failed for good: the screen renders, and its first missing word says so (lib/i18n.ts).
          this.settled.add(name);
          this.emit('failedLoading', lng, ns);
        },
      );
      this.loading.set(name, pending);
    }
    return pending;
  }

  /** Fetches the namespaces in the current language (or `lng`); resolves when each arrived or failed for good. */
  loadNamespaces(namespaces: string | string[], lng = this.language): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    this.use(list);
    return Promise.all(list.map((ns) => this.loadOne(lng, ns))).then(() => undefined);
  }

  /** Loads every namespace used so far in `lng`, then switches: nothing has to wait for words after it. */
  async changeLanguage(lng: string): Promise<void> {
    const all = [...new Set([...this.options.ns, ...this.used])];
    await Promise.all(all.map((ns) => this.loadOne(lng, ns)));
    if (lng === this.language) return;
    this.language = lng;
    this.emit('languageChanged', lng);
  }
}
