import { startTransition, Suspense, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/*
 * Hydrating a server-rendered page in one render would be one long task: on /jobs the header, the
 * filters and twenty cards, about 100 ms on a mid-range machine and four times that on a phone,
 * during which a tap waits (Lighthouse counts it as blocking time). So the page hydrates in turns
 * (decision 0059, on React DOM since 0067): the first pass hydrates the shell, and each part wrapped
 * in <InTurn> is a Suspense boundary React leaves as the server's HTML (readable, its links and forms
 * working as plain HTML) and hydrates afterwards, in renders it splits into tasks of a few
 * milliseconds, so the browser paints and handles input between them. A tap on a part not yet
 * hydrated makes React hydrate that part first, and the tap then reaches it.
 *
 * `<html data-hydrated>` (what the tests and the first-visit chores wait for) follows the last part.
 */

/** From hydrateInTurns until the shell and every part of the first page have hydrated. */
let hydrating = false;
let shellDone = false;
/** Parts of the first page rendered but not hydrated yet. */
const waiting = new Set<object>();
const whenDone: Array<() => void> = [];

function finishLater() {
  // In a task of its own: a part's hydration and the first render of the parts inside it commit
  // together, and every one of them has said what it is by then.
  setTimeout(() => {
    if (!hydrating || !shellDone || waiting.size > 0) return;
    hydrating = false;
    for (const done of whenDone.splice(0)) done();
  }, 0);
}

/** The whole app: its layout effect runs once the shell has hydrated, after all of its children's. */
function Shell({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    shellDone = true;
    finishLater();
  }, []);
  return children;
}

/**
 * Hydrates the server-rendered page in `container`: the shell first, then the parts in <InTurn>.
 * Call it once, for the first page.
 */
export function hydrateInTurns(container: Element, app: ReactNode) {
  hydrating = true;
  hydrateRoot(container, <Shell>{app}</Shell>);
}

/** Whether the first page is still hydrating (its shell or one of its parts). */
export function isHydrating(): boolean {
  return hydrating;
}

/** Runs `done` once every part of the page has hydrated (at once for a page the browser drew itself). */
export function afterHydrationTurns(done: () => void) {
  if (hydrating) whenDone.push(done);
  else done();
}

/** What a part knows of itself. */
interface Part {
  hydrated: boolean;
  /**
   * Lets the part render its newest children once it has hydrated; true when that takes a render
   * (its children changed while it waited), which the part's own layout effect then reports.
   */
  release: () => boolean;
  /** Released, and rendering its newest children: the page is not hydrated until that has committed. */
  catchingUp: boolean;
}

/** Inside a part's boundary: its layout effect runs once the part has hydrated, after everything in it. */
function Hydrated({ part, children }: { part: Part; children: ReactNode }) {
  useLayoutEffect(() => {
    if (part.hydrated) return;
    part.hydrated = true;
    if (part.release()) return;
    if (waiting.delete(part)) finishLater();
  }, [part]);
  return children;
}

/**
 * A Suspense boundary whose hydration the page waits for: React hydrates each boundary of a
 * server-rendered page in a pass of its own after the one around it, so `<html data-hydrated>` must
 * wait for every boundary between the root and the page's parts, not only for the parts. With `hold`,
 * until it has hydrated it keeps the element it was first given (see InTurn).
 */
function Boundary({ fallback, hold, children }: { fallback: ReactNode; hold: boolean; children: ReactNode }) {
  const [, rerender] = useState(0);
  const held = useRef<{ element: ReactElement; children: ReactNode } | null>(null);
  // The children of the latest render: the part's newest, which it shows once it has hydrated.
  const latest = useRef<ReactNode>(children);
  latest.current = children;
  const [part] = useState<Part>(() => ({
    hydrated: false,
    catchingUp: false,
    release: () => {
      if (!held.current) return false;
      const stale = held.current.children !== latest.current;
      held.current = null;
      // Nothing newer came while it waited: what it hydrated is what it shows, and no render is due.
      if (!stale) return false;
      // Not in this commit: an update made in a layout effect is rendered at once, in the same task,
      // after the passive effects of every part that hydrated with this one, which made one task of
      // 20-40 ms on /jobs (blocking time, decision 0067). As a transition it is rendered in slices.
      part.catchingUp = true;
      startTransition(() => rerender((n) => n + 1));
      return true;
    },
  }));
  useLayoutEffect(() => {
    // Hydrated's effect runs first when the boundary hydrated in the same pass as its parent.
    if (!part.hydrated && hydrating) waiting.add(part);
    // A part left before it hydrated (the person went to another page) is not waited for.
    return () => {
      if (waiting.delete(part)) finishLater();
    };
  }, [part]);
  useLayoutEffect(() => {
    // The render with its newest children has committed: the part is done.
    if (!part.catchingUp || held.current) return;
    part.catchingUp = false;
    if (waiting.delete(part)) finishLater();
  });
  if (held.current) return held.current.element;
  const element = (
    <Suspense fallback={fallback}>
      <Hydrated part={part}>{children}</Hydrated>
    </Suspense>
  );
  if (hold && hydrating && !part.hydrated && typeof document !== 'undefined') held.current = { element, children };
  return element;
}

/**
 * A Suspense boundary on the way from the root to the page's parts (the router's, the layout's
 * around the screen): the same as React's, and the page counts as hydrated only once it has.
 */
export function HydrationBoundary({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <Boundary fallback={fallback} hold={false}>
      {children}
    </Boundary>
  );
}

/**
 * A part of a screen that hydrates after the shell (see above). Until it has, it keeps the element it
 * was first given: the page around it may render again first (the header's layout does once the page
 * knows it has hydrated), and React hydrates a waiting part at once, in that render, when it is given
 * new children, and with those: it does not patch attributes while hydrating, so the newer children's
 * (a button no longer disabled) would never reach the page, and the part would leave its turn. So it
 * hydrates those first children, which match the server's HTML, and then renders the newer ones as
 * an ordinary update. On the server, in a screen drawn in the browser and after the first page, it is
 * a Suspense boundary around its children.
 */
export function InTurn({ children }: { children: ReactNode }) {
  return (
    <Boundary fallback={null} hold>
      {children}
    </Boundary>
  );
}
