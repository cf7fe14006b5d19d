import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useMe } from '../../../lib/session';
import { untilHydrated, useHydrated } from '../../../lib/hydrated';
import { withRetries } from '../../../lib/retry';

// The dialog, its form and the schemas that validate it (zod) load with the first click: the
// directory is a public page most visitors only read.
const ContactDialog = lazy(() => withRetries(() => import('./contact-dialog')));

/**
 * Opens Contact a Consultant. Anonymous visitors are asked to log in first (and come back here);
 * a consultant has no button on their own card.
 */
export function ContactButton({ consultant, label, ...rest }: { consultant: { userId: string; fullName: string }; label?: string } & ButtonProps) {
  const { t } = useTranslation('consultants');
  const { user } = useMe();
  const [opened, { open, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  // The dialog needs scripts: on a page that has not hydrated yet the button waits, visibly.
  const hydrated = useHydrated();
  if (opened && !used) setUsed(true);
  if (user && user.id === consultant.userId) return null;

  return (
    <>
      <Button onClick={open} aria-label={label ? undefined : t('card.contactLabel', { name: consultant.fullName })} {...rest} {...untilHydrated(hydrated)}>
        {label ?? t('card.contactAction')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ContactDialog consultant={consultant} user={user} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
