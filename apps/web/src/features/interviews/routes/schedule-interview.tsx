import { Anchor, Group } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useScheduleInterview } from '../api/schedule-interview';
import { EMPTY_SCHEDULE, ScheduleForm, toBody, type ScheduleValues } from '../components/schedule-form';

/** Spec section 9: the success message stays this long before the employer's listings open. */
const REDIRECT_MS = 1500;

function ScheduleInterview() {
  const { t } = useTranslation('interviews');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const schedule = useScheduleInterview();
  const [result, setResult] = useState<{ ok: boolean; text: string; detail?: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const initial: ScheduleValues = { ...EMPTY_SCHEDULE, jobId: params.get('job') ?? '', applicantId: params.get('applicant') ?? '' };

  const submit = (values: ScheduleValues, reset: () => void) => {
    setResult(null);
    schedule.mutate(toBody(values), {
      onSuccess: () => {
        setResult({ ok: true, text: t('schedule.success') });
        reset();
        // The spec's own address for the listings (/employer-dashboard, an alias of /employer/dashboard).
        timer.current = setTimeout(() => navigate(paths.employerDashboard.alias), REDIRECT_MS);
      },
      onError: (err) => setResult({ ok: false, text: t('schedule.failed'), detail: err instanceof ApiError && err.status !== 0 ? errorText(err) : undefined }),
    });
  };

  return (
    <>
      <Group mb="md">
        <Anchor component={Link} to={paths.scheduledInterviews.to()} size="sm">
          {t('scheduled.link')}
        </Anchor>
      </Group>
      <ScheduleForm initial={initial} busy={schedule.isPending} result={result} onSubmit={submit} />
    </>
  );
}

/** /schedule-interview (?job=&applicant= pre-fill): employers only. */
export default function ScheduleInterviewScreen() {
  const { t } = useTranslation('interviews');
  return (
    <Page title={t('schedule.title')} size="sm">
      <RequireUser signedOut={t('schedule.mustLogIn')} roles={['employer']} writes wrongRole={t('schedule.onlyEmployers')}>
        {() => <ScheduleInterview />}
      </RequireUser>
    </Page>
  );
}
