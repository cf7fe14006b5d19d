import { Container, Title, type ContainerProps } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import classes from '../theme.module.css';

/** A screen's frame: its heading (also the document title) and a width that suits phones and desktops. */
export function Page({ title, children, size = 'md', ...rest }: { title?: string; children: ReactNode } & ContainerProps) {
  useEffect(() => {
    document.title = title ? `${title} · CaribConnect` : 'CaribConnect';
  }, [title]);
  return (
    <Container size={size} py="lg" px="md" {...rest}>
      {title && (
        // Focusable from script only: focus lands here after a navigation (route-focus.ts).
        <Title order={1} size="h2" mb="md" tabIndex={-1} className={classes.pageHeading}>
          {title}
        </Title>
      )}
      {children}
    </Container>
  );
}
