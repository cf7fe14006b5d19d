import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

// Dialogs and toasts (Mantine's modals and notifications, with their transitions, focus trap and
// scroll lock) are not needed to show a screen: their code and CSS load the first time one is asked for.
const Overlays = lazy(() => import('./overlays'));

let wanted = false;
let ready = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const whenReady = new Promise<void>((resolve) => {
  markReady = () => {
    ready = true;
    resolve();
  };
});

/** Loads the dialog and toast machinery once; resolves when it can show them. */
export function loadOverlays(): Promise<void> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  return whenReady;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// @mantine/modals opens a dialog by a window event that its provider listens to; a screen may call
// modals.openConfirmModal() before the provider has loaded, so such an event is kept and sent again.
const MODAL_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map((name) => `mantine-modals:${name}`);

/** Mounted once in the app's providers: renders nothing until a dialog or a toast is first wanted. */
export function OverlayHost() {
  const load = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );

  useEffect(() => {
    if (ready) return;
    const early: CustomEvent[] = [];
    const keep = (event: Event) => {
      early.push(event as CustomEvent);
      void loadOverlays();
    };
    MODAL_EVENTS.forEach((type) => window.addEventListener(type, keep));
    // A toast shown straight through @mantine/notifications lands in its store; show it too.
    const unsubscribe = notificationsStore.subscribe((state) => {
      if (state.notifications.length) void loadOverlays();
    });
    let active = true;
    void whenReady.then(() => {
      if (!active) return;
      MODAL_EVENTS.forEach((type) => window.removeEventListener(type, keep));
      unsubscribe();
      for (const event of early.splice(0)) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    });
    return () => {
      active = false;
      MODAL_EVENTS.forEach((type) => window.removeEventListener(type, keep));
      unsubscribe();
    };
  }, []);

  return load ? (
    <Suspense fallback={null}>
      <Overlays onReady={markReady} />
    </Suspense>
  ) : null;
}
