import { Alert } from '@mantine/core';
import { usePaymentSettings } from '../../../lib/payment-settings';
import { useNavigate, useParams, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { RequireUser } from '../../../components/require-user';
import { Page } from '../../../components/page';
import { toast } from '../../../components/toast';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useJob } from '../../../lib/job-query';
import { paths } from '../../../lib/paths';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCreateJob } from '../api/create-job';
import { useUpdateJob } from '../api/update-job';
import { defaultClosingDay } from '@caribconnect/shared';
import { EMPTY_JOB, JobForm, jobPayload, type JobFormValues } from '../components/job-form';

function PostJob() {
  const { t } = useTranslation(['employer', 'jobs']);
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreateJob();
  const idempotency = useIdempotencyKey();
  const submit = (values: JobFormValues) =>
    create.mutate({ ...jobPayload(values, 'create'), idempotencyKey: idempotency.keyFor(values) } as Parameters<typeof create.mutate>[0], {
      onSuccess: () => {
        idempotency.reset();
        toast(t('form.posted'));
        navigate(paths.employerDashboard.to());
      },
    });
  const prices = usePaymentSettings();
  return (
    <Page title={t('form.postTitle')} size="sm">
      {prices.data && !prices.data.jobsFree && (
        <Alert color="yellow" mb="md">
          {t('payment.priceNotice', { price: prices.data.jobPrice })}
        </Alert>
      )}
      <JobForm
        initialValues={{ ...EMPTY_JOB, closesOn: defaultClosingDay() }}
        submitLabel={t('form.submitPost')}
        busyLabel={t('form.posting')}
        busy={create.isPending}
        error={create.error ? t('form.postFailed', { message: errorText(create.error) }) : null}
        onSubmit={submit}
      />
    </Page>
  );
}

function EditJob({ id }: { id: string }) {
  const { t } = useTranslation(['employer', 'jobs']);
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { data: job, isPending, error, refetch, askedAnonymously } = useJob(id);
  const update = useUpdateJob(id);
  const title = t('form.editTitle');

  if (isPending || askedAnonymously) return <LoadingState label={t('jobs:loadingJob')} />;
  if (error || !job) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Page title={title} size="sm">
        <ErrorState
          message={missing ? `${t('form.loadFailed')} ${t('jobs:jobNotFound')}` : t('form.loadFailed')}
          onRetry={missing ? undefined : () => void refetch()}
        />
      </Page>
    );
  }
  // Owners and recruiters of the job's company now edit it (decision 0076), as the server decides.
  if (job.viewerTeamRole !== 'owner' && job.viewerTeamRole !== 'recruiter') {
    return (
      <Page title={title} size="sm">
        <ErrorState message={t('form.notYourJob')} />
      </Page>
    );
  }

  const submit = (values: JobFormValues) => {
    if (!values.category.trim()) return; // the schema already says 'Please select a category.'
    update.mutate(jobPayload(values, 'edit') as Parameters<typeof update.mutate>[0], {
      onSuccess: () => {
        toast(t('form.updated'));
        navigate(paths.employerDashboard.to());
      },
    });
  };
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  const values: JobFormValues = {
    ...EMPTY_JOB,
    title: job.title,
    company: job.company,
    country: job.country,
    category: job.category,
    description: job.description,
    salary: job.salary,
    address: job.address,
    employmentType: text(job.employmentType),
    workplace: text(job.workplace),
    salaryMin: text(job.salaryMin),
    salaryMax: text(job.salaryMax),
    salaryCurrency: text(job.salaryCurrency),
    salaryPeriod: text(job.salaryPeriod),
    // The team reads each question whole (knockout and accepted answers included).
    questions: (job.questions ?? []).map((q) => ({ ...q, knockout: q.knockout ?? false, accept: q.accept ?? [] })),
  };
  return (
    <Page title={title} size="sm">
      <JobForm
        key={job.id}
        initialValues={values}
        closesAt={job.expiresAt}
        submitLabel={t('form.submitEdit')}
        busyLabel={t('form.updating')}
        busy={update.isPending}
        error={update.error ? t('form.updateFailed', { message: errorText(update.error) }) : null}
        onSubmit={submit}
      />
    </Page>
  );
}

/** /post-job, /post-job?edit={id} and /employer/jobs/{jobId}/edit. */
export default function PostJobScreen() {
  const { t } = useTranslation(['employer', 'jobs']);
  const [params] = useSearchParams();
  const { jobId } = useParams();
  const editId = jobId ?? params.get('edit');
  const title = editId ? t('form.editTitle') : t('form.postTitle');
  // Signed-out visitors and job seekers are told why not (the server refuses them too).
  return (
    <RequireUser
      signedOut={t('form.mustLogIn')}
      roles={['employer']}
      writes
      wrongRole={t('form.onlyEmployers')}
      wrongRoleHint={t('form.onlyEmployersHint')}
      frame={(gate) => (
        <Page title={title} size="sm">
          {gate}
        </Page>
      )}
    >
      {() => (editId ? <EditJob id={editId} /> : <PostJob />)}
    </RequireUser>
  );
}
