import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Fieldset.css';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { TFunction } from '../../../lib/use-translation';
import { ANSWER_TEXT_MAX, answerField, canApplyForJobs, checkAnswers, COVER_LETTER_MAX, type ScreeningQuestion } from '@caribconnect/shared';
import { toast } from '../../../components/toast';
import { RequireUser } from '../../../components/require-user';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useConfig, useMaxUploadMb } from '../../../lib/config';
import { useErrorText } from '../../../lib/errors';
import { useFormEcho } from '../../../lib/form-post';
import { useAdoptTypedValues } from '../../../lib/use-typed-before-hydration';
import { useJob } from '../../../lib/job-query';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { formatDate } from '../../../lib/format-date';
import { useCountryName } from '../../../lib/country-name';
import { Notice } from '../../../components/notice';
import { ShowMore } from '../../../components/show-more';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useApply } from '../api/apply';
import { useSavedResume } from '../api/get-saved-resume';
import { DocumentInput, documentProblem } from '../components/document-input';
import classes from '../components/applications.module.css';

type T = TFunction;

/** A refused answer names its question (the server's `field` is `answer.<questionId>`), in the reader's language. */
function answerProblem(err: ApiError, questions: ScreeningQuestion[], t: T): string | null {
  const question = err.field?.startsWith('answer.') ? questions.find((q) => answerField(q.id) === err.field) : undefined;
  if (!question || !err.code) return null;
  return t(`errors:${err.code}`, { question: question.text });
}

/**
 * The job's screening questions as plain fields of the Apply form: uncontrolled, so what is chosen or
 * typed before the scripts arrive stays in the page and is sent as it is (decision 0075).
 */
function ScreeningFields({
  questions,
  values,
  disabled,
  problem,
}: {
  questions: ScreeningQuestion[];
  values: Record<string, string>;
  disabled: boolean;
  problem: { field: string; text: string } | null;
}) {
  const { t } = useTranslation('applications');
  if (!questions.length) return null;
  return (
    <Fieldset legend={t('apply.questions')} variant="unstyled" p={0}>
      <Stack gap="sm">
        {questions.map((q) => {
          const name = answerField(q.id);
          const error = problem?.field === name ? problem.text : undefined;
          const common = { name, label: q.text, required: q.required, disabled, error };
          if (q.kind === 'yesno')
            return (
              <Radio.Group key={q.id} {...common} defaultValue={values[name]}>
                <Group gap="lg" mt={4}>
                  <Radio value="yes" label={t('apply.yes')} name={name} disabled={disabled} />
                  <Radio value="no" label={t('apply.no')} name={name} disabled={disabled} />
                </Group>
              </Radio.Group>
            );
          if (q.kind === 'choice')
            return (
              <NativeSelect
                key={q.id}
                {...common}
                defaultValue={values[name] ?? ''}
                data={[{ value: '', label: t('apply.chooseAnswer') }, ...q.options.map((o) => ({ value: o, label: o }))]}
              />
            );
          if (q.kind === 'number')
            return (
              <TextInput key={q.id} {...common} inputMode="decimal" maxLength={12} defaultValue={values[name] ?? ''} description={t('apply.numberHint')} />
            );
          return (
            <Textarea
              key={q.id}
              {...common}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={ANSWER_TEXT_MAX}
              defaultValue={values[name] ?? ''}
              description={t('apply.textAnswerHint', { max: ANSWER_TEXT_MAX })}
            />
          );
        })}
      </Stack>
    </Fieldset>
  );
}

/** The spec's failure alerts, each naming the file at fault when a file was (the server says which). */
function failureMessage(err: unknown, t: T, maxMb: number | undefined, errorText: ReturnType<typeof useErrorText>): string {
  if (!(err instanceof ApiError)) return t('apply.failed');
  if (err.status === 401) return t('apply.mustLogIn');
  if (err.status === 404) return t('apply.jobNotFound');
  const file = err.field === 'resumeFile' ? t('apply.resumeFailed') : err.field === 'coverLetterFile' ? t('apply.coverLetterFailed') : null;
  if (file && err.code === 'FILE_TOO_LARGE') return `${file} ${maxMb === undefined ? errorText(err) : t('apply.tooLarge', { mb: maxMb })}`;
  if (file && err.code === 'UNSUPPORTED_FILE_TYPE') return `${file} ${t('apply.wrongType')}`;
  if (file) return `${file} ${errorText(err)}`;
  if (err.status === 403 || err.status === 409 || err.status === 400) return errorText(err);
  return t('apply.failed');
}

/** /jobs/{jobId}/apply */
export default function ApplyScreen() {
  // `errors` too: a screening answer's problem is said with its question before any request fails.
  const { t, i18n } = useTranslation(['applications', 'errors']);
  const countryName = useCountryName();
  const { jobId } = useParams();
  const navigate = useNavigate();
  const { user, isLoading: sessionLoading } = useMe();
  const maxMb = useMaxUploadMb();
  const retentionDays = useConfig()?.applicationRetentionDays;
  const { data: job, isPending, error, refetch, askedAnonymously } = useJob(jobId);
  const apply = useApply();
  const idempotency = useIdempotencyKey();
  const errorText = useErrorText();
  // Sent before the scripts ran and refused: the page came back with the cover letter and why (lib/form-post.ts).
  const echo = useFormEcho();
  const [showEcho, setShowEcho] = useState(true);
  const [coverLetter, setCoverLetter] = useState(echo.values.coverLetter ?? '');
  const formRef = useAdoptTypedValues((name, value) => name === 'coverLetter' && setCoverLetter(value));
  const [coverLetterFile, setCoverLetterFile] = useState<File | null>(null);
  const [resumeFile, setResumeFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The answer at fault, named beside its field (from the server, or the same check made here first).
  const [answerError, setAnswerError] = useState<{ field: string; text: string } | null>(null);
  // With a saved resume, a person on a phone applies without looking for a file: it is the default.
  const [useSaved, setUseSaved] = useState(true);
  const saved = useSavedResume(!!user && canApplyForJobs(user.role));

  if (isPending) {
    return (
      <Page>
        <LoadingState label={t('apply.loadingJob')} />
      </Page>
    );
  }
  if (error || !job) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <Page title={missing ? t('apply.jobNotFound') : undefined}>
        {missing ? (
          <EmptyState message={t('apply.jobNotFound')} />
        ) : (
          <ErrorState message={errorText(error, t('apply.jobNotFound'))} onRetry={() => void refetch()} />
        )}
      </Page>
    );
  }

  // A closed job takes no applications (the server refuses with 409): say so, with a way to open ones like it, and no form.
  if (job.expired) {
    const similar = paths.jobs.to(`?${new URLSearchParams({ category: job.category, country: job.country }).toString()}`);
    return (
      <Page title={t('apply.title', { title: job.title })} size="sm">
        <Stack>
          <Text fw={500} mt={-8}>
            {[job.company, countryName(job.country)].filter(Boolean).join(' · ')}
          </Text>
          <Notice
            title={t('apply.closed')}
            action={{ to: similar, label: t('apply.similarJobs') }}
            secondary={{ to: paths.job.to(job.id), label: t('apply.backToJob') }}
          />
        </Stack>
      </Page>
    );
  }

  const questions = job.questions ?? [];
  const echoedProblem = showEcho && echo.error ? answerProblem(echo.error, questions, t) : null;
  const shownAnswerError = answerError ?? (echoedProblem && echo.error?.field ? { field: echo.error.field, text: echoedProblem } : null);
  const problem = (file: File | null) => {
    const key = documentProblem(file, maxMb);
    return key && t(key, { mb: maxMb });
  };
  const coverLetterError = problem(coverLetterFile);
  const sendSaved = useSaved && !!saved.data;
  const resumeError = sendSaved ? null : problem(resumeFile);
  const busy = apply.isPending;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setShowEcho(false);
    if (!user) return toast(t('apply.mustLogIn'), 'error');
    if (resumeError) return toast(`${t('apply.resumeFailed')} ${resumeError}`, 'error');
    if (coverLetterError) return toast(`${t('apply.coverLetterFailed')} ${coverLetterError}`, 'error');
    const answers: Record<string, string> = {};
    for (const [name, value] of new FormData(e.currentTarget as HTMLFormElement))
      if (name.startsWith('answer.') && typeof value === 'string') answers[name] = value;
    const checked = checkAnswers(questions, answers);
    if (!checked.ok) {
      const text = t(`errors:${checked.problem.code}`, { question: checked.problem.question });
      setAnswerError({ field: answerField(checked.problem.questionId), text });
      return toast(text, 'error');
    }
    setAnswerError(null);
    setProgress(0);
    try {
      const idempotencyKey = idempotency.keyFor({
        jobId: job.id,
        coverLetter,
        coverLetterFile,
        resumeFile: sendSaved ? null : resumeFile,
        useSavedResume: sendSaved,
        answers,
      });
      await apply.mutateAsync({
        jobId: job.id,
        coverLetter,
        coverLetterFile,
        resumeFile: sendSaved ? null : resumeFile,
        useSavedResume: sendSaved,
        answers,
        onProgress: setProgress,
        idempotencyKey,
      });
      idempotency.reset();
      toast(t('apply.submitted'));
      navigate(paths.myApplications.to());
    } catch (err) {
      setProgress(null);
      const named = err instanceof ApiError ? answerProblem(err, questions, t) : null;
      if (named && err instanceof ApiError) setAnswerError({ field: err.field!, text: named });
      toast(named ?? failureMessage(err, t, maxMb, errorText), 'error');
    }
  };

  const hasFiles = !!(coverLetterFile || resumeFile || sendSaved);
  // Signed out, another kind of account, or applied already: nothing to fill in (the gate above says why).
  const blocked = sessionLoading || askedAnonymously || !user || !canApplyForJobs(user.role) || !!job.appliedAt;
  const off = busy || blocked;
  return (
    <Page title={t('apply.title', { title: job.title })} size="sm">
      <Stack>
        <Text fw={500} mt={-8}>
          {[job.company, countryName(job.country)].filter(Boolean).join(' · ')}
        </Text>
        <section aria-labelledby="apply-job-description">
          <Title order={2} size="h4" id="apply-job-description" mb="xs">
            {t('apply.jobDescription')}
          </Title>
          {/* Long descriptions fold away so the form stays within reach on a phone. */}
          <ShowMore lines={6} showLabel={t('apply.showMore')} hideLabel={t('apply.showLess')} className={classes.preserve}>
            {job.description}
          </ShowMore>
        </section>

        {/* The form shows what applying asks for, but only a job seeker who has not applied yet can use it; the gate says why. */}
        <RequireUser signedOut={t('apply.mustLogIn')} roles={['jobseeker', 'job_seeker', 'consultant']} writes wrongRole={t('apply.onlyJobSeekers')}>
          {() =>
            job.appliedAt ? (
              <Notice
                title={t('apply.appliedOn', { date: formatDate(job.appliedAt, i18n.language) })}
                action={{ to: paths.myApplications.to(), label: t('mine.title') }}
              />
            ) : null
          }
        </RequireUser>

        {/* Multipart to this page: it works before the scripts run; once hydrated, submit() uploads with progress instead. */}
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          component="form"
          method="post"
          encType="multipart/form-data"
          action={paths.apply.to(job.id)}
          ref={formRef}
          onSubmit={submit}
          noValidate
          aria-labelledby="apply-form-heading"
        >
          <Stack>
            <Title order={2} size="h4" id="apply-form-heading">
              {t('apply.formHeading')}
            </Title>
            {showEcho && echo.error && (
              <Alert color="red" role="alert">
                {echoedProblem ?? failureMessage(echo.error, t, maxMb, errorText)}
              </Alert>
            )}
            <ScreeningFields questions={questions} values={echo.values} disabled={off} problem={shownAnswerError} />
            <Textarea
              name="coverLetter"
              label={t('apply.coverLetter')}
              description={t('apply.coverLetterHint')}
              autosize
              minRows={4}
              maxRows={12}
              maxLength={COVER_LETTER_MAX}
              value={coverLetter}
              onChange={(e) => setCoverLetter(e.currentTarget.value)}
              disabled={off}
            />
            <DocumentInput
              name="coverLetterFile"
              label={t('apply.coverLetterFile')}
              value={coverLetterFile}
              onChange={setCoverLetterFile}
              maxMb={maxMb}
              error={coverLetterError}
              disabled={off}
            />
            {saved.data && (
              <Checkbox
                name="useSavedResume"
                value="true"
                label={t('apply.useSavedResume')}
                description={t('apply.useSavedResumeHint')}
                checked={useSaved}
                onChange={(e) => setUseSaved(e.currentTarget.checked)}
                disabled={off}
              />
            )}
            {!sendSaved && (
              <DocumentInput
                name="resumeFile"
                label={t('apply.resumeFile')}
                value={resumeFile}
                onChange={setResumeFile}
                maxMb={maxMb}
                error={resumeError}
                disabled={off}
              />
            )}
            {busy && hasFiles && progress !== null && (
              <Stack gap={4}>
                <Progress value={progress} size="lg" animated={progress < 100} aria-label={t('apply.uploadProgress')} />
                <Text size="sm" c="dimmed" role="status">
                  {t('apply.uploading', { percent: progress })}
                </Text>
              </Stack>
            )}
            <Group justify="space-between">
              <Anchor component={Link} to={paths.job.to(job.id)} size="sm">
                {t('apply.backToJob')}
              </Anchor>
              <Button type="submit" disabled={off} leftSection={busy ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
                {busy ? t('apply.submitting') : t('apply.submit')}
              </Button>
            </Group>
            {retentionDays !== undefined && (
              <Text size="xs" c="dimmed">
                {t('apply.retention', { days: retentionDays })}
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Page>
  );
}
