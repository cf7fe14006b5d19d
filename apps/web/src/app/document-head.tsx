import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { headFor, type PageHead } from '../lib/head';
import { ssrData } from '../lib/ssr-data';

function element<T extends HTMLElement>(selector: string, create: () => T): T {
  let el = document.head.querySelector<T>(selector);
  if (!el) {
    el = create();
    document.head.append(el);
  }
  return el;
}

function apply(head: PageHead, origin: string, fallbackDescription: string) {
  element('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' })).content =
    head.description ?? fallbackDescription;
  element('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' })).href = origin + head.canonical;
  const ld = document.head.querySelector('script[type="application/ld+json"]');
  if (!head.jsonLd) ld?.remove();
  else {
    const text = JSON.stringify(head.jsonLd);
    const script = ld ?? element('script[type="application/ld+json"]', () => Object.assign(document.createElement('script'), { type: 'application/ld+json' }));
    if (script.textContent !== text) script.textContent = text;
  }
}

/**
 * Keeps the description, canonical URL and structured data of <head> in step with the page on client
 * navigations (the server wrote them for the first page; components/page.tsx keeps the title). A
 * detail page's head changes again when its record arrives.
 */
export function DocumentHead() {
  const matches = useMatches();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  // The page is interactive from here on (tests wait for it before typing into a server-rendered form).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  useEffect(() => {
    const origin = ssrData()?.origin ?? window.location.origin;
    let queued = false;
    const update = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        const url = new URL(origin + location.pathname + location.search);
        apply(headFor(matches, url, { t: i18n.t.bind(i18n), queryClient, origin }), origin, i18n.t('head.welcomeDescription'));
      });
    };
    update();
    const unsubscribe = queryClient.getQueryCache().subscribe(update);
    i18n.on('languageChanged', update);
    i18n.on('loaded', update);
    return () => {
      unsubscribe();
      i18n.off('languageChanged', update);
      i18n.off('loaded', update);
    };
  }, [matches, location, queryClient, i18n]);
  return null;
}
