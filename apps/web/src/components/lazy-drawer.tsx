import type { DrawerProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { withRetries } from '../lib/retry';

const Drawer = lazy(() => withRetries(() => import('./drawer')));

/** Mantine's Drawer, whose code and CSS load the first time it opens (most visits never open it). */
export function LazyDrawer(props: DrawerProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  ) : null;
}
