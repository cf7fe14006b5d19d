import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { UserAvatar } from '../../../components/user-avatar';
import { useCheckedFile } from '../../../components/checked-file';

export type PickedPhoto = { blob: Blob; name: string };

/**
 * The photo field: a preview and a button. The picture is shrunk in the browser first (phone
 * photos are megabytes) and checked when chosen (components/checked-file.ts); the server checks,
 * re-encodes and strips it anyway.
 */
export function PhotoPicker({
  name,
  currentUrl,
  photo,
  onChange,
  disabled,
}: {
  name: string;
  currentUrl: string | null;
  photo: PickedPhoto | null;
  onChange: (photo: PickedPhoto | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('consultants');
  // Spec: the photo must be an image. Checked when chosen, after shrinking (the cap is for what is sent).
  const checked = useCheckedFile('photo', { shrink: {} });
  const resetRef = useRef<() => void>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo.blob) : null), [photo]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | null) => {
    const ok = await checked.choose(file);
    resetRef.current?.();
    if (file) onChange(ok && { blob: ok, name: ok.name });
  };

  return (
    <Stack gap={6}>
      <Text component="span" size="sm" fw={500}>
        {t('setup.photo')}
      </Text>
      <Group gap="md" wrap="nowrap">
        <UserAvatar name={name} src={preview ?? currentUrl} alt={t('card.photoAlt', { name: name || t('dashboard.fallbackName') })} size={72} />
        <Stack gap={4}>
          <FileButton onChange={(f) => void pick(f)} accept={checked.accept} resetRef={resetRef} disabled={disabled}>
            {(props) => (
              <Button {...props} variant="light" size="xs">
                {photo || currentUrl ? t('setup.changePhoto') : t('setup.choosePhoto')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {photo ? t('setup.photoChosen', { name: photo.name }) : checked.hint}
          </Text>
        </Stack>
      </Group>
      {checked.error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {checked.error}
        </Text>
      )}
    </Stack>
  );
}
