import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Tells a person why a screen is not for them right now (signed out, wrong kind of account), with an
 * optional way forward. Mantine's yellow alert title fails AA contrast, so the title uses body text colour.
 */
export function Notice({ title, children, action }: { title: string; children?: ReactNode; action?: { to: string; label: string } }) {
  return (
    <Alert color="yellow" variant="light" title={title} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      {children}
      {action && (
        <Button component={Link} to={action.to} size="xs" mt={children ? 'sm' : 0}>
          {action.label}
        </Button>
      )}
    </Alert>
  );
}
