import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { REPORT_NOTE_MAX, REPORT_REASONS, type CreateReportBody, type ReportItemType, type ReportReason } from '@caribconnect/shared';
import { api } from '../../lib/api-client';
import { useErrorText } from '../../lib/errors';
import { toast } from '../toast';

/** The report dialog's form: a reason (required), an optional note, Send. */
export function ReportForm({ itemType, itemId, onDone }: { itemType: ReportItemType; itemId: string; onDone: () => void }) {
  const { t } = useTranslation('moderation');
  const errorText = useErrorText();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: CreateReportBody) => api<{ received: true }>('/api/reports', { method: 'POST', body }),
    onSuccess: () => {
      toast(t('received'));
      onDone();
    },
    onError: (err) => setError(errorText(err, t('dialog.failed'))),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(t('dialog.chooseReason'));
    setError(null);
    send.mutate({ itemType, itemId, reason, note: note.trim() || undefined });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('dialog.intro')}</Text>
        <Radio.Group label={t('dialog.reason')} value={reason} onChange={(v) => setReason(v as ReportReason)} required>
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((r) => (
              <Radio key={r} value={r} label={t(`reasons.${r}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('dialog.note')}
          description={t('dialog.noteHint', { max: REPORT_NOTE_MAX })}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={REPORT_NOTE_MAX}
          autosize
          minRows={2}
        />
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" color="red" loading={send.isPending}>
            {t('dialog.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
