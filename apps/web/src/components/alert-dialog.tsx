import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../lib/i18n';

/**
 * The spec's browser alerts, as an accessible dialog (focus trapped, closed by OK or Escape).
 * Resolves when the person closes it, so callers can navigate afterwards as the spec says.
 */
export function alertDialog(message: string): Promise<void> {
  return new Promise((resolve) => {
    const id = modals.open({
      title: i18n.t('brand'),
      centered: true,
      // Mantine leaves the close button unnamed (axe: button-name).
      closeButtonProps: { 'aria-label': i18n.t('close') },
      onClose: () => resolve(),
      children: (
        <>
          <Text role="alert">{message}</Text>
          <Group justify="flex-end" mt="md">
            <Button onClick={() => modals.close(id)} data-autofocus>
              {i18n.t('ok')}
            </Button>
          </Group>
        </>
      ),
    });
  });
}
