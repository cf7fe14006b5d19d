import { notificationsStore, type NotificationData } from '@mantine/notifications';
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { withRetries } from '../lib/retry';
import classes from './overlay-host.module.css';

// Dialogs and toasts (Mantine's modals and notifications, with their transitions, focus trap and
// scroll lock) are not needed to show a screen: their code and CSS load the first time one is asked
// for. Offline before that, toasts still show (PlainToasts); a service worker that precaches the
// build makes the rest available offline too.
type OverlaysModule = { default: ComponentType<{ onReady: () => void }> };
let loaded: OverlaysModule | null = null;
let loading: Promise<OverlaysModule> | null = null;
const loadModule = () =>
  (loading ??= withRetries(() => import('./overlays')).then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null; // offline: the next toast or dialog tries again
      throw err;
    },
  ));

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

const notify = () => listeners.forEach((listener) => listener());

/** Loads the dialog and toast machinery once; resolves when it can show them. */
export function loadOverlays(): Promise<void> {
  if (!wanted) {
    wanted = true;
    notify();
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
  const want = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const [Overlays, setOverlays] = useState(() => loaded?.default ?? null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!want || Overlays) return;
    let active = true;
    loadModule().then(
      (m) => active && setOverlays(() => m.default),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [want, Overlays]);

  useEffect(() => {
    if (ready) return;
    const early: CustomEvent[] = [];
    const keep = (event: Event) => {
      early.push(event as CustomEvent);
      void loadOverlays();
      // After a failed fetch (offline), a dialog asked for later tries again.
      if (!loaded)
        loadModule().then(
          (m) => setOverlays(() => m.default),
          () => setFailed(true),
        );
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

  if (Overlays) return <Overlays onReady={markReady} />;
  return failed ? <PlainToasts /> : null;
}

/**
 * When the toast code cannot be fetched (offline before it was ever needed), toasts still show,
 * as plain text in the same corner, each leaving after its autoClose time.
 */
function PlainToasts() {
  const { notifications } = useSyncExternalStore(notificationsStore.subscribe, notificationsStore.getState, notificationsStore.getState);
  useEffect(() => {
    const timers = notifications
      .filter((n) => n.autoClose !== false)
      .map((n) =>
        setTimeout(
          () =>
            notificationsStore.setState({
              ...notificationsStore.getState(),
              notifications: notificationsStore.getState().notifications.filter((x) => x.id !== n.id),
            }),
          typeof n.autoClose === 'number' ? n.autoClose : 4000,
        ),
      );
    return () => timers.forEach(clearTimeout);
  }, [notifications]);
  if (!notifications.length) return null;
  return (
    <div className={classes.toasts}>
      {notifications.map((n: NotificationData) => (
        <div key={n.id} role={n.color === 'red' ? 'alert' : 'status'} className={classes.toast} data-error={n.color === 'red' || undefined}>
          {n.title && <strong>{n.title}</strong>}
          <div>{n.message}</div>
        </div>
      ))}
    </div>
  );
}
