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
 * Throws the first time it renders while the page hydrates: in the first pass, or inside a part
 * hydrating in its turn (a part within a part takes a turn after those already waiting). Its
 * children are elements its parent made then, with what the page looked like on the server (e.g.
 * controls still marked as waiting for scripts). The parent may render again before this part's
 * turn, with newer children; Preact hydrates without patching attributes, so the part hydrates the
 * children it held, the ones that match the server's HTML, and then renders the newest ones as any
 * update.
 */
class Pending extends Component<{ children: ReactNode }> {
  private held: ReactNode = null;
  private holding = false;
  private waited = false;

  render() {
    if (hydrating && !this.waited) {
      this.waited = this.holding = true;
      this.held = this.props.children;
      throw new Promise<void>((resolve) => turns.push(resolve));
    }
    if (!this.holding) return this.props.children;
    this.holding = false;
    return this.held;
  }

  componentDidMount() {
    if (this.held !== this.props.children) this.forceUpdate();
    this.held = null;
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
