import { Group, Loader, Text } from '@mantine/core';
import { PlainGroup } from './plain-mantine';

/**
 * Above a filtered list: says "Updating..." while new results load behind the old ones (the old
 * results stay on screen), announced politely to screen readers. Its height is kept, so nothing jumps.
 */
export function RefreshingStatus({ active, label, mt = -16 }: { active: boolean; label: string; mt?: number }) {
  return (
    // Plain (plain-mantine.tsx): the lists hydrate it on their first load, and it is empty then.
    <PlainGroup justify="flex-end" h={20} mt={mt} mb={4} role="status" aria-live="polite">
      {active && (
        <Group gap={6}>
          <Loader size={14} aria-hidden />
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Group>
      )}
    </PlainGroup>
  );
}
