// What the builds get for `import … from 'react'` (vite.config.ts aliases it): Preact's React
// compatibility layer, about 12 KB instead of React DOM's 59 (docs/decisions/0033-preact-runtime.md),
// with the React 19 APIs our libraries use and it lacks or gets wrong. Plain JavaScript: preact/compat's
// types are written as `export =`, which TypeScript does not let a module re-export with `export *`.
import { options } from 'preact';
import { use as compatUse, useContext } from 'preact/compat';
export * from 'preact/compat';
export { default } from 'preact/compat';

/*
 * Preact 11 clears a component's global context (`__n`, its build's name for `_globalContext`) when
 * it unmounts, but when that component is later put back in the tree (a Suspense boundary showing
 * children it had set aside while a screen's code or words loaded) only its parent DOM is restored.
 * Its next update of its own (a state change) is then diffed with no context at all, and every
 * useContext in it throws "Cannot read properties of null (reading '__cC…')": seen going between
 * screens through the router in French, whose catalogs load on the way. So a component keeps the
 * global context it had: nothing else reads `__n` once the parent DOM (`__P`) is gone, and Preact
 * itself never replaces a mounted component's `__n` either, so the kept one is the one it would use.
 */
const beforeUnmount = options.unmount;
options.unmount = (vnode) => {
  const component = vnode.__c;
  if (component && component.__n != null) {
    let kept = component.__n;
    Object.defineProperty(component, '__n', {
      configurable: true,
      get: () => kept,
      set: (next) => {
        if (next != null) kept = next;
      },
    });
  }
  if (beforeUnmount) beforeUnmount(vnode);
};

/**
 * `use(Context)` as `useContext`: Mantine reads its theme with React 19's `use`, and preact/compat's
 * finds the context through a field Preact's server renderer does not set. A promise goes to compat's.
 */
export function use(resource) {
  if (resource && typeof resource.then === 'function') return compatUse(resource);
  return useContext(resource);
}

/**
 * React 19.2's Activity keeps hidden content mounted with its effects paused. Mantine uses it only
 * inside containers it already hides (a kept-mounted tab panel, a tree's collapsed branch), so here
 * the content simply stays mounted.
 */
export function Activity({ children }) {
  return children;
}
