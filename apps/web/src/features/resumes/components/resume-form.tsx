import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Checkbox, FileInput, Group, Loader, Paper, Progress, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { RESUME_LIMITS, RESUME_VISIBILITIES, saveResumeBody, type MyResume, type ResumeVisibility, type SaveResumeBody } from '@caribconnect/shared';
import { ApiError } from '../../../lib/api-client';
import { useCheckedFile } from '../../../components/checked-file';
import { useMaxUploadMb } from '../../../lib/config';
import { useErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useSaveResume } from '../api/save-resume';
import { draftEntry, EntriesEditor, type DraftEntry } from './entries-editor';

const TEXT_FIELDS = ['fullName', 'phone', 'email'] as const;
const MAX = { fullName: RESUME_LIMITS.fullName, phone: RESUME_LIMITS.phone, email: RESUME_LIMITS.email, summary: RESUME_LIMITS.summary } as const;

interface Values {
  fullName: string;
  phone: string;
  email: string;
  summary: string;
  education: DraftEntry[];
  experience: DraftEntry[];
  skills: string;
  certifications: string;
  visibility: ResumeVisibility;
}

const initialValues = (r: MyResume | null, fallback: { fullName: string; email: string }): Values => ({
  fullName: r?.fullName ?? fallback.fullName,
  phone: r?.phone ?? '',
  email: r?.email ?? fallback.email,
  summary: r?.summary ?? '',
  education: (r?.education ?? []).map((e) => draftEntry(e)),
  experience: (r?.experience ?? []).map((e) => draftEntry(e)),
  skills: (r?.skills ?? []).join(', '),
  certifications: (r?.certifications ?? []).join(', '),
  visibility: r?.visibility ?? 'members',
});

const strip = (entries: DraftEntry[]) => entries.map(({ title, place, period, detail }) => ({ title, place, period, detail }));

/** Spec: Resume Builder. Prefilled from the saved resume; 'Save Resume' uploads the file (if any) and upserts. */
export function ResumeForm({ saved, account }: { saved: MyResume | null; account: { fullName: string; email: string } }) {
  const { t } = useTranslation('resumes');
  const errorText = useErrorText();
  const save = useSaveResume();
  const [values, setValues] = useState<Values>(() => initialValues(saved, account));
  const [file, setFile] = useState<File | null>(null);
  // Type and size checked when the file is chosen; the server checks the content again.
  const checked = useCheckedFile('document');
  const maxMb = useMaxUploadMb();
  const [removeFile, setRemoveFile] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = save.isPending;
  const current = save.data ?? saved;
  const hasUpload = !!current && current.documentType !== 'generated';

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const tooLong = (max: number) => t('builder.tooLong', { max });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setOutcome(null);
    const body: SaveResumeBody = { ...values, education: strip(values.education), experience: strip(values.experience), removeFile: removeFile && !file };
    const parsed = saveResumeBody.safeParse(body);
    const found: Record<string, string> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const [field, index, sub] = issue.path.map(String);
      const key = field === 'education' || field === 'experience' ? `${field}.${index ?? ''}.${sub ?? ''}` : field!;
      const list = field === 'skills' || field === 'certifications';
      // A list is refused for one item too long (its path names the item) or for too many items.
      found[key] ??=
        field === 'email'
          ? t('builder.badEmail')
          : list
            ? index !== undefined
              ? tooLong(RESUME_LIMITS.listItem)
              : t('builder.tooMany', { max: RESUME_LIMITS.listItems })
            : issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setOutcome({ ok: false, message: t('builder.fixErrors') });
      return;
    }
    setProgress(file ? 0 : null);
    try {
      const result = await save.mutateAsync({ resume: body, file, onProgress: (p) => file && setProgress(p) });
      setValues(initialValues(result, account));
      setFile(null);
      setRemoveFile(false);
      setOutcome({ ok: true, message: t('builder.saved') });
    } catch (err) {
      setOutcome({ ok: false, message: failure(err) });
    } finally {
      setProgress(null);
    }
  };

  const failure = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) return t('builder.notLoggedIn');
    if (err instanceof ApiError && (err.code === 'UNSUPPORTED_FILE_TYPE' || err.code === 'FILE_TOO_LARGE')) {
      return `${t('builder.uploadFailed')} ${err.code === 'FILE_TOO_LARGE' ? (maxMb === undefined ? errorText(err) : t('builder.tooLarge', { mb: maxMb })) : t('builder.wrongType')}`;
    }
    return t('builder.saveFailed', { message: errorText(err) });
  };

  const entryErrors = (kind: 'education' | 'experience') =>
    Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (k.startsWith(`${kind}.`) ? [[k.slice(kind.length + 1), v]] : [])));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} noValidate aria-label={t('builder.title')}>
      <Stack gap="lg">
        <Stack gap="sm">
          {TEXT_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`builder.fields.${field}`)}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              autoComplete={field === 'fullName' ? 'name' : field === 'phone' ? 'tel' : 'email'}
              value={values[field]}
              maxLength={MAX[field]}
              onChange={(e) => set(field, e.currentTarget.value)}
              error={errors[field] && (field === 'email' ? errors[field] : tooLong(MAX[field]))}
              disabled={busy}
            />
          ))}
          <Textarea
            label={t('builder.fields.summary')}
            description={t('builder.fields.summaryHint')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={MAX.summary}
            value={values.summary}
            onChange={(e) => set('summary', e.currentTarget.value)}
            error={errors.summary && tooLong(MAX.summary)}
            disabled={busy}
          />
        </Stack>

        <EntriesEditor kind="education" value={values.education} onChange={(v) => set('education', v)} errors={entryErrors('education')} disabled={busy} />
        <EntriesEditor kind="experience" value={values.experience} onChange={(v) => set('experience', v)} errors={entryErrors('experience')} disabled={busy} />

        <Stack gap="sm">
          {(['skills', 'certifications'] as const).map((field) => (
            <TextInput
              key={field}
              label={t(`builder.fields.${field}`)}
              description={t(`builder.fields.${field}Hint`)}
              value={values[field]}
              onChange={(e) => set(field, e.currentTarget.value)}
              error={errors[field]}
              disabled={busy}
            />
          ))}
        </Stack>

        <Stack gap="xs">
          <FileInput
            label={t('builder.fields.file')}
            description={t('builder.fields.fileHint', { accepted: checked.hint })}
            placeholder={t('builder.fields.filePlaceholder')}
            accept={checked.accept}
            value={file}
            onChange={(chosen) => void checked.choose(chosen).then(setFile)}
            error={checked.error}
            clearable
            disabled={busy}
          />
          <Text size="sm" c="dimmed">
            {hasUpload ? t('builder.currentFile', { type: t(`types.${current!.documentType}`) }) : t('builder.generatedFile')}
          </Text>
          {hasUpload && !file && (
            <Checkbox label={t('builder.removeFile')} checked={removeFile} onChange={(e) => setRemoveFile(e.currentTarget.checked)} disabled={busy} />
          )}
        </Stack>

        <Radio.Group
          label={t('builder.visibility.label')}
          description={t('builder.visibility.hint')}
          value={values.visibility}
          onChange={(v) => set('visibility', v as ResumeVisibility)}
        >
          <Stack gap={8} mt="xs">
            {RESUME_VISIBILITIES.map((v) => (
              <Radio key={v} value={v} label={t(`builder.visibility.${v}`)} disabled={busy} />
            ))}
          </Stack>
        </Radio.Group>

        {busy && progress !== null && <Progress value={progress} size="lg" animated={progress < 100} aria-label={t('builder.uploadProgress')} />}
        {outcome && (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            title={outcome.message}
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {outcome.ok && (
              <Button component={Link} to={paths.viewResume.to()} size="xs" variant="light">
                {t('builder.viewMine')}
              </Button>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" disabled={busy} leftSection={busy ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
            {busy ? t('builder.uploading') : t('builder.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
