import { notifications } from '@mantine/notifications';
import i18n from '../lib/i18n';

/**
 * A short confirmation or failure toast. Mantine leaves the close button without a name, which
 * screen readers announce as just "button" (axe: button-name), so it gets one here.
 */
export function toast(message: string, kind: 'success' | 'error' = 'success', title?: string) {
  notifications.show({
    title,
    message,
    color: kind === 'success' ? 'teal' : 'red',
    autoClose: kind === 'success' ? 3000 : 6000,
    closeButtonProps: { 'aria-label': i18n.t('close') },
  });
}
