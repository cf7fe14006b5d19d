import { useEffect, type ReactNode } from 'react';
import classes from '../theme.module.css';
import { PlainContainer, PlainTitle } from './plain-mantine';

/**
 * A screen's frame: its heading (also the document title) and a width that suits phones and desktops.
 * Every screen hydrates one, so it is Mantine's Container and Title drawn plainly (plain-mantine.tsx).
 */
export function Page({ title, children, size = 'md' }: { title?: string; children: ReactNode; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }) {
  useEffect(() => {
    document.title = title ? `${title} · CaribConnect` : 'CaribConnect';
  }, [title]);
  return (
    <PlainContainer size={size} py="lg" px="md">
      {title && (
        // Focusable from script only: focus lands here after a navigation (route-focus.ts).
        <PlainTitle size="h2" mb="md" tabIndex={-1} className={classes.pageHeading}>
          {title}
        </PlainTitle>
      )}
      {children}
    </PlainContainer>
  );
}
