/**
 * A first page carries its screen's own small stylesheets inside it, as `<style data-screen-href>`
 * (apps/server/src/plugins/web.ts, decision 0077), so that painting waits for no request. The
 * bundler's loader, when the app imports that screen's code (before hydrating, and again on a later
 * visit to the screen), adds a `<link rel="stylesheet">` for each of the screen's stylesheets that the
 * document does not link to yet, and waits for it to load: a request and a round trip more before
 * hydration, and the same rules twice. So each stylesheet already in the page gets a disabled link
 * to its file: the loader sees it and moves on, and a disabled stylesheet is neither fetched nor
 * applied. Run it before the app imports any screen (the loader reads the document's links once).
 */
export function claimScreenStyles(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-screen-href]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.disabled = true;
    link.href = style.dataset.screenHref!;
    style.after(link);
  }
}
