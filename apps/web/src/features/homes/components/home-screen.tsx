import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { MutedNotice, useMuted } from '../../../components/muted-notice';
import { Page } from '../../../components/page';
import { UnconfirmedNotice, useUnconfirmed } from '../../../components/unconfirmed-notice';

export type HomeAction = { to: string; label: string; primary?: boolean; danger?: boolean };

/**
 * A role's home: the greeting as the heading, then one large button per place to go. A muted person
 * lands on the home of the role they had and reads first that they cannot post (decision 0026).
 */
export function HomeScreen({ greeting, intro, actions, note }: { greeting: string; intro?: string; actions: HomeAction[]; note?: ReactNode }) {
  const muted = useMuted();
  const unconfirmed = useUnconfirmed();
  return (
    <Page title={greeting}>
      {(muted || unconfirmed) && <div style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>{muted ? <MutedNotice /> : <UnconfirmedNotice />}</div>}
      {intro && (
        <Text c="dimmed" mb="lg">
          {intro}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="nav" aria-label={greeting}>
        {actions.map((a) => (
          <Button
            key={a.to}
            component={Link}
            to={a.to}
            size="lg"
            fullWidth
            variant={a.primary ? 'filled' : a.danger ? 'outline' : 'light'}
            color={a.danger ? 'red.8' : undefined}
          >
            {a.label}
          </Button>
        ))}
      </SimpleGrid>
      {note && (
        <Paper withBorder p="md" mt="xl" bg="coral.0" radius="md">
          <Text>{note}</Text>
        </Paper>
      )}
    </Page>
  );
}

/** The first word of a full name, for a friendly greeting. */
export const firstName = (fullName: string | null | undefined) => (fullName ?? '').trim().split(/\s+/)[0] ?? '';
