import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { ContactForm } from './contact-form';

/**
 * Opens Contact a Consultant. Anonymous visitors are asked to log in first (and come back here);
 * a consultant has no button on their own card.
 */
export function ContactButton({ consultant, label, ...rest }: { consultant: { userId: string; fullName: string }; label?: string } & ButtonProps) {
  const { t } = useTranslation('consultants');
  const { user } = useMe();
  const location = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  if (user && user.id === consultant.userId) return null;
  const here = location.pathname + location.search;

  return (
    <>
      <Button onClick={open} aria-label={label ? undefined : t('card.contactLabel', { name: consultant.fullName })} {...rest}>
        {label ?? t('card.contactAction')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('contact.titleNamed', { name: consultant.fullName })}
        centered
        size="md"
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {user ? (
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
    </>
  );
}
