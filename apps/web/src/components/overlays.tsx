import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './overlay-host.module.css';

/** The dialog and toast hosts, loaded on first use by OverlayHost. */
export default function Overlays({ onReady }: { onReady: () => void }) {
  // Effects run children first: by now the modals provider listens for its open events.
  useEffect(onReady, [onReady]);
  return (
    <>
      <ModalsProvider />
      {/* Spec: at most 20 toasts at once, 350 px wide at most. Below the header, never over its navigation. */}
      <Notifications limit={20} maw={350} position="top-right" className={classes.belowHeader} />
    </>
  );
}
