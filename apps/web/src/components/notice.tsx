import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { PlainAlert, plainButton, plainButtonLabel, PlainGroup } from './plain-mantine';

/**
 * Tells a person why a screen is not for them right now (signed out, wrong kind of account), with an
 * optional way forward. Mantine's yellow alert title fails AA contrast, so the title uses body text colour.
 * Mantine's markup drawn plainly (plain-mantine.tsx): a job's page can show it on its first load.
 */
type Action = { to: string; label: string };

export function Notice({ title, children, action, secondary }: { title: string; children?: ReactNode; action?: Action; secondary?: Action }) {
  return (
    <PlainAlert color="yellow" variant="light" title={title} titleStyle={{ color: 'var(--mantine-color-text)' }}>
      {children}
      {action && (
        <PlainGroup gap="xs" mt={children ? 'sm' : 0}>
          <Link to={action.to} {...plainButton({ size: 'xs' })}>
            {plainButtonLabel(action.label)}
          </Link>
          {secondary && (
            <Link to={secondary.to} {...plainButton({ size: 'xs', variant: 'default' })}>
              {plainButtonLabel(secondary.label)}
            </Link>
          )}
        </PlainGroup>
      )}
    </PlainAlert>
  );
}
