import { Link } from '../lib/router';
import { useTranslation } from '../lib/use-translation';
import { paths } from '../lib/paths';
import { PlainAlert, plainButton, PlainButton, plainButtonLabel, PlainCenter, PlainLoader, PlainStack, PlainText } from './plain-mantine';

/*
 * Loading, empty and error states shared by every screen. Mantine's markup drawn plainly
 * (plain-mantine.tsx): every page's first load carries this module, and with it Mantine's component
 * code would come too.
 */

export function LoadingState({ label }: { label: string }) {
  return (
    <PlainCenter py="xl">
      <PlainStack component="div" align="center" gap="xs" role="status" aria-live="polite">
        <PlainLoader size="sm" aria-hidden />
        <PlainText dimmed>{label}</PlainText>
      </PlainStack>
    </PlainCenter>
  );
}

export function EmptyState({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <PlainStack component="div" align="center" py="xl" gap="sm">
      <PlainText dimmed center>
        {message}
      </PlainText>
      {children}
    </PlainStack>
  );
}

export function ErrorState({ message, onRetry, home }: { message: string; onRetry?: () => void; home?: boolean }) {
  const { t } = useTranslation();
  return (
    <PlainAlert color="red" title={message} my="md">
      {onRetry && (
        <PlainButton variant="light" color="red" size="xs" onClick={onRetry} mr="sm">
          {t('tryAgain')}
        </PlainButton>
      )}
      {home && (
        <Link to={paths.welcome.to()} {...plainButton({ variant: 'light', size: 'xs' })}>
          {plainButtonLabel(t('goHome'))}
        </Link>
      )}
    </PlainAlert>
  );
}
