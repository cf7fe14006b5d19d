import type { DrawerProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

const loadDrawer = () => import('./drawer');
const Drawer = lazy(loadDrawer);

/** Mantine's Drawer, whose code and CSS load the first time it opens (most visits never open it). */
export function LazyDrawer(props: DrawerProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  // Fetched in the background once the screen has settled, so the menu opens at once, even offline.
  useEffect(() => whenIdle(() => void loadDrawer().catch(() => {})), []);
  return used ? (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  ) : null;
}
