import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { shrinkImage } from '../../../lib/shrink-image';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../components/toast';
import { companyKeys } from '../api/keys';

/**
 * The owner's logo upload. The picture is made smaller on the phone first (a 12 MP photo over a slow
 * link), and the server re-encodes it anyway (content-checked, metadata stripped): what is shown is
 * always the server's copy.
 */
export function LogoUpload({ hasLogo }: { hasLogo: boolean }) {
  const { t } = useTranslation('companies');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { blob, name } = await shrinkImage(file, { maxSide: 512 }).catch(() => ({ blob: file as Blob, name: file.name }));
      const body = new FormData();
      body.append('logo', blob, name);
      return api<{ logoUrl: string }>('/api/companies/mine/logo', { method: 'POST', body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      toast(t('logo.saved'));
    },
    onError: (err) => setError(errorText(err, t('logo.failed'))),
  });
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('logo.label')}</Text>
      <Text size="sm" c="dimmed" id="logo-hint">
        {t('logo.hint')}
      </Text>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        hidden
        aria-describedby="logo-hint"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          setError(null);
          if (file) upload.mutate(file);
        }}
      />
      <Group>
        <Button variant="light" loading={upload.isPending} onClick={() => input.current?.click()}>
          {hasLogo ? t('logo.replace') : t('logo.upload')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
