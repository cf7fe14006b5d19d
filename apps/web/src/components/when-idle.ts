/**
 * Runs `task` once the page has loaded and then been idle for a while: for code a person will
 * probably need (a toast, the phone menu) but not to show the screen, so it never competes with
 * the screen's own code and data on a slow link, yet is there before it is needed (or offline).
 */
export function whenIdle(task: () => void, delayMs = 5000): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: delayMs });
    else task();
  };
  const afterLoad = () => {
    timer = setTimeout(run, delayMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (timer) clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
  };
}
