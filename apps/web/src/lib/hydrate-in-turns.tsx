import { Component, Suspense, type ReactNode } from 'react';

/*
 * Hydrating a server-rendered page is one synchronous render in Preact: on /jobs the header, the
 * filters and twenty cards in one task of about 100 ms on a mid-range machine, four times that on a
 * phone, during which a tap waits (Lighthouse counts it as blocking time). A part wrapped in
 * <InTurn> sits out the first pass instead: it throws a promise, and Preact's Suspense keeps its
 * server-rendered DOM as it is (readable, and its links and forms work as plain HTML) and hydrates it
 * when the promise settles. The parts settle one per task, in page order, so the browser can paint
 * and handle input between them (decision 0059).
 */

const turns: Array<() => void> = [];
/** From the start of the first render until the last part has hydrated. */
let hydrating = false;
const whenDone: Array<() => void> = [];

// A task without setTimeout's clamping (4 ms once timeouts nest), which twenty parts would add up.
const channel = typeof MessageChannel === 'undefined' ? null : new MessageChannel();
const tasks: Array<() => void> = [];
if (channel) channel.port1.onmessage = () => tasks.shift()?.();
function nextTask(run: () => void) {
  if (!channel) return void setTimeout(run, 0);
  tasks.push(run);
  channel.port2.postMessage(null);
}

function settleNext() {
  const turn = turns.shift();
  if (!turn) {
    hydrating = false;
    for (const done of whenDone.splice(0)) done();
    return;
  }
  // The part's render runs in this task's microtasks (Preact renders what a settled promise
  // unblocks right away); the next part gets the task after.
  turn();
  nextTask(settleNext);
}

/**
 * Hydrates the page: `hydrate` renders everything but the parts in <InTurn>, which follow one per
 * task. Call it once, for the server-rendered page.
 */
export function hydrateInTurns(hydrate: () => void) {
  hydrating = true;
  try {
    hydrate();
  } finally {
    nextTask(settleNext);
  }
}

/** Runs `done` once every part of the page has hydrated (at once for a page the browser drew itself). */
export function afterHydrationTurns(done: () => void) {
  if (hydrating) whenDone.push(done);
  else done();
}

/**
 * Suspends until its turn: in the first pass, and in every render before the turn comes, such as
 * its parent rendering again, so the part's work stays in its own task. A part first rendered inside
 * another part's turn takes a turn after those already waiting. It hydrates the children it held
 * when it first suspended: those match the server's HTML (controls still marked as waiting for
 * scripts, say), and Preact hydrates without patching attributes. If the parent has rendered newer
 * children meanwhile, they follow as an ordinary update.
 */
class Pending extends Component<{ children: ReactNode }> {
  private turn: Promise<void> | null = null;
  private turnCame = false;
  private held: ReactNode = null;
  private newer = false;

  render() {
    if (hydrating && !this.turnCame) {
      this.turn ??= new Promise<void>((resolve) => {
        this.held = this.props.children;
        turns.push(() => {
          this.turnCame = true;
          resolve();
        });
      });
      throw this.turn;
    }
    if (this.held === null) return this.props.children;
    const held = this.held;
    this.held = null;
    this.newer = held !== this.props.children;
    return held;
  }

  componentDidMount() {
    if (this.newer) this.forceUpdate();
  }
}

/**
 * A part of a screen that hydrates in a task of its own (see above). Its children must render
 * exactly one element, never nothing: Preact keeps one server-rendered node for a part that waits.
 * On the server, in a screen drawn in the browser and after the first page, it is just its children.
 */
export function InTurn({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Pending>{children}</Pending>
    </Suspense>
  );
}
