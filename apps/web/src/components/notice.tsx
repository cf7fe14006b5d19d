import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';

/**
 * Tells a person why a screen is not for them right now (signed out, wrong kind of account), with an
 * optional way forward. Mantine's yellow alert title fails AA contrast, so the title uses body text colour.
 */
type Action = { to: string; label: string };

export function Notice({ title, children, action, secondary }: { title: string; children?: ReactNode; action?: Action; secondary?: Action }) {
  return (
    <Alert color="yellow" variant="light" title={title} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      {children}
      {action && (
        <Group gap="xs" mt={children ? 'sm' : 0}>
          <Button component={Link} to={action.to} size="xs">
            {action.label}
          </Button>
          {secondary && (
            <Button component={Link} to={secondary.to} size="xs" variant="default">
              {secondary.label}
            </Button>
          )}
        </Group>
      )}
    </Alert>
  );
}
