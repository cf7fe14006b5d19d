import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from '../lib/router';
import { useTranslation } from '../lib/use-translation';
import { paths } from '../lib/paths';

/** Loading, empty and error states shared by every screen. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

export function EmptyState({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text c="dimmed" ta="center">
        {message}
      </Text>
      {children}
    </Stack>
  );
}

export function ErrorState({ message, onRetry, home }: { message: string; onRetry?: () => void; home?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={message} role="alert" my="md">
      {onRetry && (
        <Button variant="light" color="red" size="xs" onClick={onRetry} mr="sm">
          {t('tryAgain')}
        </Button>
      )}
      {home && (
        <Button component={Link} to={paths.welcome.to()} variant="light" size="xs">
          {t('goHome')}
        </Button>
      )}
    </Alert>
  );
}
