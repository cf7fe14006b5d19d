import '@mantine/core/styles/SegmentedControl.css';
import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import type { ModerationStatus } from '../api/moderation';
import { ModerationQueue } from '../components/moderation-queue';

/** /admin/moderation: reported items to decide on, and removed items to restore (admins only). */
export default function AdminModerationScreen() {
  const { t } = useTranslation(['moderation', 'admin']);
  const [status, setStatus] = useState<ModerationStatus>('open');
  return (
    <Page title={t('queue.title')} size="md">
      <RequireUser signedOut={t('admin:signedOut')} roles={['admin']} wrongRole={t('admin:adminsOnly')}>
        {() => (
          <Stack gap="md">
            <SegmentedControl
              value={status}
              onChange={(v) => setStatus(v as ModerationStatus)}
              data={[
                { value: 'open', label: t('queue.open') },
                { value: 'removed', label: t('queue.removed') },
              ]}
              aria-label={t('queue.show')}
            />
            <ModerationQueue status={status} />
          </Stack>
        )}
      </RequireUser>
    </Page>
  );
}
