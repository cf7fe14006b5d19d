import { useEffect, useRef } from 'react';
import { useLocation } from '../lib/router';

/**
 * After a client-side navigation, moves focus to the new page's main heading, so keyboard and
 * screen-reader users start at the top of the new content and hear its title (a browser does this on
 * a full page load, a single-page app must do it itself). Not on the first load, and not when only
 * the query changes (filters keep the focus where the person is typing).
 *
 * The heading may arrive later than the URL (a lazy screen, a loading frame replaced by the content):
 * while focus is still where the navigation left it (the link, or nowhere), a heading that appears
 * takes it. A closing menu drawer hands focus back to its button a moment after the navigation; focus
 * leaving the page in that first second is brought back. Anything the person does (a key, the
 * pointer, a screen reader moving focus elsewhere) ends this. `preventScroll` leaves scroll
 * restoration alone.
 */
export function useFocusHeadingOnNavigate(mainId: string) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById(mainId);
    if (!main) return;
    const trigger = document.activeElement;
    const startedAt = performance.now();

    // Focus is where the navigation left it, on nothing, or on a page heading (one a loading frame
    // showed, now replaced).
    const untouched = () => {
      const active = document.activeElement;
      return !active || active === document.body || active === trigger || (active.tagName === 'H1' && main.contains(active));
    };
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || heading === document.activeElement) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    const headingsChanged = () => {
      if (untouched()) focusHeading();
    };
    const focusLeftPage = (e: FocusEvent) => {
      if (performance.now() - startedAt > 1000) return;
      // A dialog that opens on its own keeps its focus.
      if (e.target instanceof Element && (main.contains(e.target) || e.target.closest('[role="dialog"]'))) return;
      focusHeading();
    };

    const observer = new MutationObserver(headingsChanged);
    observer.observe(main, { childList: true, subtree: true });
    document.addEventListener('focusin', focusLeftPage);
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('focusin', focusLeftPage);
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
      clearTimeout(timer);
    };
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    const timer = setTimeout(stop, 30_000);
    if (untouched()) focusHeading();
    return stop;
  }, [pathname, mainId]);
}
