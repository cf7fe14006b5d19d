import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link, useLocation } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { SessionUser } from '@caribconnect/shared';
import { paths } from '../../../lib/paths';
import { MutedNotice } from '../../../components/muted-notice';
import { UnconfirmedNotice } from '../../../components/unconfirmed-notice';
import { ContactForm } from './contact-form';

/** Contact a Consultant: the form for a signed-in person, Log In and Sign Up for a visitor. */
export default function ContactDialog({
  consultant,
  user,
  opened,
  onClose,
}: {
  consultant: { userId: string; fullName: string };
  user: SessionUser | null | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('consultants');
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contact.titleNamed', { name: consultant.fullName })}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {user?.role === 'muted' ? (
        <MutedNotice />
      ) : user?.emailVerified === false ? (
        <UnconfirmedNotice />
      ) : user ? (
        <ContactForm consultantId={consultant.userId} user={user} />
      ) : (
        <Stack gap="sm">
          <Text>{t('contact.loginFirst')}</Text>
          <Group gap="xs">
            <Button component={Link} to={paths.login.to(here)}>
              {t('contact.logIn')}
            </Button>
            <Button component={Link} to={paths.signup.to()} variant="default">
              {t('contact.signUp')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
