import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import type { JobListFilters } from '@caribconnect/shared';
import { untilHydrated, useHydrated } from '../lib/hydrated';
import { withRetries } from '../lib/retry';
import { PlainButton } from './plain-mantine';

const JobAlertForm = lazy(() => withRetries(() => import('./job-alert-form')));

/**
 * "Email me jobs like these" on /jobs: opens the alert form for the list's current filters. The form's
 * code loads on the first tap (most visits never open it), so the public list's first load is unchanged.
 */
export function JobAlertButton({ filters }: { filters: JobListFilters }) {
  const { t } = useTranslation('alerts');
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
      <PlainButton variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="job-alert-form" {...untilHydrated(hydrated)}>
        {t('create.open')}
      </PlainButton>
      {open && (
        <Suspense fallback={null}>
          <JobAlertForm id="job-alert-form" filters={filters} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
