import { Alert, Button, Loader, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { INTERVIEW_LOCATION_MAX, INTERVIEW_NOTES_MAX, scheduleInterviewBody, type ScheduleInterviewBody } from '@caribconnect/shared';
import { useMyJobs } from '../api/get-my-jobs';
import { ApplicantSelect } from './applicant-select';
import { GREEN, RED } from './colors';
import classes from './interviews.module.css';

export interface ScheduleValues {
  jobId: string;
  applicantId: string;
  /** The datetime-local text, read in the browser's own time zone. */
  when: string;
  location: string;
  notes: string;
}

export const EMPTY_SCHEDULE: ScheduleValues = { jobId: '', applicantId: '', when: '', location: '', notes: '' };

/** The employer's zone as the browser knows it, named on the form and sent with the time. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "2026-07-14T10:00" in the browser's zone -> an ISO instant ('' when not a date). */
function toInstant(local: string): string {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

/** Now as a datetime-local value, the earliest the picker offers. */
function localNow(): string {
  const d = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export function toBody(v: ScheduleValues): ScheduleInterviewBody {
  return { jobId: v.jobId, applicantId: v.applicantId, interviewTime: toInstant(v.when), timeZone: browserTimeZone(), location: v.location, notes: v.notes };
}

const FIELD_OF: Record<string, keyof ScheduleValues> = {
  jobId: 'jobId',
  applicantId: 'applicantId',
  interviewTime: 'when',
  location: 'location',
  notes: 'notes',
};
/** The shared schema speaks English; these of its messages are shown in the reader's language. */
const MESSAGE_KEYS: Record<string, string> = {
  'Please select a job.': 'schedule.errors.job',
  'Please select an applicant.': 'schedule.errors.applicant',
  'Please choose a date and time.': 'schedule.errors.when',
  'Please choose a valid date and time.': 'schedule.errors.when',
  'The interview time must be in the future.': 'schedule.errors.past',
};

interface Props {
  initial: ScheduleValues;
  busy: boolean;
  result: { ok: boolean; text: string; detail?: string } | null;
  onSubmit: (values: ScheduleValues, reset: () => void) => void;
}

/** Schedule Interview's form, validated by the server's own schema before it is sent. */
export function ScheduleForm({ initial, busy, result, onSubmit }: Props) {
  const { t } = useTranslation('interviews');
  const jobs = useMyJobs(true);
  const zone = useMemo(browserTimeZone, []);
  const form = useForm<ScheduleValues>({
    initialValues: initial,
    validate: (values) => {
      const parsed = scheduleInterviewBody.safeParse(toBody(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (field && !errors[field]) errors[field] = MESSAGE_KEYS[issue.message] ? t(MESSAGE_KEYS[issue.message]!) : issue.message;
      }
      return errors;
    },
  });

  const jobOptions = (jobs.data?.pages.flatMap((p) => p.items) ?? []).map((j) => ({ value: j.id, label: j.title.trim() || t('card.untitledJob') }));
  const prefilledJobMissing = !!initial.jobId && !jobOptions.some((o) => o.value === initial.jobId);
  // A pre-filled job beyond the first page: keep loading pages until it is there (or they end).
  useEffect(() => {
    if (prefilledJobMissing && jobs.hasNextPage && !jobs.isFetchingNextPage) void jobs.fetchNextPage();
  }, [prefilledJobMissing, jobs]);

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="form"
      noValidate
      onSubmit={form.onSubmit((v) => onSubmit(v, () => form.setValues(EMPTY_SCHEDULE)))}
    >
      <Stack>
        <Select
          label={t('schedule.job')}
          placeholder={t('schedule.selectJob')}
          data={jobOptions}
          searchable
          required
          allowDeselect={false}
          nothingFoundMessage={jobs.isPending ? t('schedule.loadingJobs') : t('schedule.noJobs')}
          rightSection={jobs.isFetching ? <Loader size={14} aria-hidden /> : undefined}
          {...form.getInputProps('jobId')}
          // The form keeps '' for "no job"; the select shows nothing chosen only for null (cleared after success).
          value={form.values.jobId || null}
          onChange={(v) => form.setFieldValue('jobId', v ?? '')}
        />
        <ApplicantSelect
          jobId={form.values.jobId}
          value={form.values.applicantId}
          onChange={(id) => form.setFieldValue('applicantId', id)}
          error={form.errors.applicantId}
        />
        <TextInput
          type="datetime-local"
          label={t('schedule.when', { zone })}
          description={t('schedule.whenHint', { zone })}
          required
          min={localNow()}
          {...form.getInputProps('when')}
        />
        <TextInput label={t('schedule.location')} placeholder={t('schedule.location')} maxLength={INTERVIEW_LOCATION_MAX} {...form.getInputProps('location')} />
        <Textarea label={t('schedule.notes')} placeholder={t('schedule.notes')} rows={3} maxLength={INTERVIEW_NOTES_MAX} {...form.getInputProps('notes')} />
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'} variant="light">
            <Text c={result.ok ? GREEN : RED} className={classes.result}>
              {result.text}
            </Text>
            {result.detail && <Text size="sm">{result.detail}</Text>}
          </Alert>
        )}
        <Button type="submit" disabled={busy} leftSection={busy ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
          {busy ? t('schedule.scheduling') : t('schedule.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
