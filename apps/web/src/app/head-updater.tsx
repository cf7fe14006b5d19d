import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useMatches } from '../lib/router';
import { useTranslation } from '../lib/use-translation';
import { headFor, languageAlternates, type PageHead } from '../lib/head';
import { ssrData } from '../lib/ssr-data';

function element<T extends HTMLElement>(selector: string, create: () => T): T {
  let el = document.head.querySelector<T>(selector);
  if (!el) {
    el = create();
    document.head.append(el);
  }
  return el;
}

const LD_SELECTOR = 'script[type="application/ld+json"]';

function apply(head: PageHead, origin: string, fallbackDescription: string) {
  element('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' })).content =
    head.description ?? fallbackDescription;
  element('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' })).href = origin + head.canonical;
  // The same alternates the server writes, so the head stays one coherent set after a navigation.
  for (const { hreflang, path } of languageAlternates(head.canonical!))
    element(`link[rel="alternate"][hreflang="${hreflang}"]`, () => Object.assign(document.createElement('link'), { rel: 'alternate', hreflang })).href =
      origin + path;
}

/** Set once the person navigates: until then the head's structured data is the server's, and right. */
let leftFirstPage = false;

/**
 * The structured data of a page reached by a navigation. Its builder loads only then; a page left
 * before it arrives gets nothing.
 */
async function applyJobPosting(head: PageHead, origin: string, stillCurrent: () => boolean) {
  const job = head.jobPosting;
  const ad = head.adProduct;
  if (!job && !ad) return document.head.querySelector(LD_SELECTOR)?.remove();
  if (!leftFirstPage) return;
  const url = origin + head.canonical;
  const data = job
    ? (await import('@caribconnect/shared/job-posting')).jobPostingJsonLd(job, url)
    : (await import('@caribconnect/shared/ad-product')).adProductJsonLd(ad!, url, origin);
  if (!stillCurrent()) return;
  if (!data) return document.head.querySelector(LD_SELECTOR)?.remove();
  const text = JSON.stringify(data);
  const script = element(LD_SELECTOR, () => Object.assign(document.createElement('script'), { type: 'application/ld+json' }));
  if (script.textContent !== text) script.textContent = text;
}

/**
 * Keeps the description, canonical URL and structured data of <head> in step with the page (the server
 * wrote them for the first page; components/page.tsx keeps the title). A detail page's head changes
 * again when its record arrives. Loaded by app/document-head.tsx once the head can change.
 */
export default function HeadUpdater() {
  const matches = useMatches();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    const origin = ssrData()?.origin ?? window.location.origin;
    let queued = false;
    let stale = false;
    const update = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        const url = new URL(origin + location.pathname + location.search);
        const head = headFor(matches, url, { t: i18n.t.bind(i18n), queryClient, origin });
        apply(head, origin, i18n.t('head.welcomeDescription'));
        // 'default' is the entry the browser loaded.
        if (location.key !== 'default') leftFirstPage = true;
        void applyJobPosting(head, origin, () => !stale);
      });
    };
    update();
    const unsubscribe = queryClient.getQueryCache().subscribe(update);
    i18n.on('languageChanged', update);
    i18n.on('loaded', update);
    return () => {
      stale = true;
      unsubscribe();
      i18n.off('languageChanged', update);
      i18n.off('loaded', update);
    };
  }, [matches, location, queryClient, i18n]);
  return null;
}
