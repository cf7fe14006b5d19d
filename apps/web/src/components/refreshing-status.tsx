import { PlainGroup, PlainLoader, PlainText } from './plain-mantine';

/**
 * Above a filtered list: says "Updating..." while new results load behind the old ones (the old
 * results stay on screen), announced politely to screen readers. Its height is kept, so nothing jumps.
 */
export function RefreshingStatus({ active, label, mt = -16 }: { active: boolean; label: string; mt?: number }) {
  return (
    // Plain (plain-mantine.tsx): the lists hydrate it on their first load.
    <PlainGroup justify="flex-end" h={20} mt={mt} mb={4} role="status" aria-live="polite">
      {active && (
        <PlainGroup gap={6}>
          <PlainLoader size={14} aria-hidden />
          <PlainText size="xs" dimmed>
            {label}
          </PlainText>
        </PlainGroup>
      )}
    </PlainGroup>
  );
}
