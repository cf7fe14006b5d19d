/**
 * The page's first-load scripts, watched from the page's first script (intl-early.ts): on a lossy
 * link one dropped request for the app's entry (or for a chunk it imports statically, preloaded
 * beside it) left the page as the server drew it for good: readable, its forms posting, but the menu
 * and every other script-only control dead until the person opened another page. So once the
 * document is parsed (by then the entry has run, or its request or one of its chunks' has failed),
 * an entry that has not run is asked for again, with backoff: the browser fetches again whatever of
 * its files did not arrive. If it still does not come, a notice at the bottom of the screen says so
 * in the page's language (the server wrote it into the page: `<template id="scripts-failed">`), and
 * its Reload button asks again, without leaving the page, so nothing typed is lost; the app adopts
 * what was typed when it hydrates (lib/use-typed-before-hydration.ts). Decision 0074.
 *
 * Imported by intl-early.ts only, which must import nothing the app shares: this imports nothing.
 */

declare global {
  interface Window {
    /** Set by the app's entry as it starts (entry-client.tsx). */
    caribconnectStarted?: boolean;
  }
}

/** Waits between the attempts: after the first failure, then after each retry. */
export const FIRST_SCRIPT_RETRY_MS = [1000, 2000, 4000];

export function watchFirstScripts(): void {
  const check = () => {
    if (window.caribconnectStarted) return;
    // The app's entry: the page's one module script that is not async (the first scripts are).
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]:not([async])');
    if (entry) retry(entry.src, 0);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', check, { once: true });
  else check();
}

let notice: HTMLElement | null = null;

function retry(src: string, attempt: number) {
  setTimeout(() => {
    import(/* @vite-ignore */ src).then(
      () => {
        notice?.remove();
        notice = null;
      },
      () => {
        if (attempt + 1 < FIRST_SCRIPT_RETRY_MS.length) retry(src, attempt + 1);
        else showNotice(src);
      },
    );
  }, FIRST_SCRIPT_RETRY_MS[attempt]);
}

function showNotice(src: string) {
  const template = document.getElementById('scripts-failed');
  if (notice || !(template instanceof HTMLTemplateElement)) return;
  const shown = template.content.firstElementChild?.cloneNode(true);
  if (!(shown instanceof HTMLElement)) return;
  notice = shown;
  const button = notice.querySelector('button');
  button?.addEventListener('click', () => {
    button.disabled = true;
    button.setAttribute('data-pending', '');
    import(/* @vite-ignore */ src).then(
      () => {
        notice?.remove();
        notice = null;
      },
      () => {
        button.disabled = false;
        button.removeAttribute('data-pending');
      },
    );
  });
  document.body.append(notice);
}
