// The React side of the translator (lib/translator.ts): the same calls the screens made of
// react-i18next (docs/decisions/0048).
import { cloneElement, createContext, Fragment, isValidElement, useContext, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import type { TFunction, Translator } from './translator';

export type { TFunction, Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

let globalTranslator: Translator | null = null;

/** The browser's one translator (lib/i18n.ts), for components outside a provider. */
export function setGlobalTranslator(translator: Translator): void {
  globalTranslator = translator;
}

/** The server gives each page render its own translator. */
export function TranslatorProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

/**
 * `t` for the first of `ns` (keys of the others are written `ns:key`), re-rendered when the language
 * changes. Until the namespaces' catalogs have arrived the component suspends, or with
 * `useSuspense: false` renders with `ready` false and again once they are in.
 */
export function useTranslation(ns?: string | string[], options?: { useSuspense?: boolean }) {
  const i18n = useContext(TranslatorContext) ?? globalTranslator;
  if (!i18n) throw new Error('useTranslation before the translator was made (lib/i18n.ts)');
  const namespaces = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  i18n.use(namespaces);
  const [, rerender] = useState(0);
  const ready = i18n.hasLoaded(namespaces);
  const language = i18n.language;
  useEffect(() => {
    const change = () => rerender((n) => n + 1);
    i18n.on('languageChanged', change);
    return () => i18n.off('languageChanged', change);
  }, [i18n]);
  const key = namespaces.join(' ');
  useEffect(() => {
    if (ready) return;
    let live = true;
    void i18n.loadNamespaces(key.split(' ')).then(() => live && rerender((n) => n + 1));
    return () => {
      live = false;
    };
  }, [i18n, key, ready, language]);
  if (!ready && options?.useSuspense !== false) throw i18n.loadNamespaces(namespaces);
  // A new `t` with each language, so what depends on it (memos, callbacks) follows.
  const t = useMemo<TFunction>(() => i18n.getFixedT(null, namespaces[0]), [i18n, namespaces[0], language]); // eslint-disable-line react-hooks/exhaustive-deps
  return { t, i18n, ready };
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/**
 * A sentence with markup in it: each `<name>text</name>` of the translation becomes `components[name]`
 * with the text inside, so a translator can move the link within the sentence.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const element = components[match[1]];
    if (!isValidElement(element)) continue;
    parts.push(text.slice(last, match.index));
    parts.push(cloneElement(element, { key: parts.length }, match[2]));
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
