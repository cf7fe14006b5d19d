import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Progress.css';
import { Alert, Button, FileButton, Modal, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Profile } from '@caribconnect/shared';
import { useCheckedFile } from '../../../components/checked-file';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useUploadAvatar } from '../api/upload-avatar';
import classes from './profile.module.css';

const SIZE = 128;

/** The avatar: click to enlarge (closed by a click or Escape); the owner can upload a new one. */
export function ProfileAvatar({ profile, isOwner }: { profile: Profile; isOwner: boolean }) {
  const { t } = useTranslation('profiles');
  const [opened, { open, close }] = useDisclosure(false);
  const name = profile.fullName || t('unnamed');

  return (
    <Stack align="center" gap="xs" maw={220}>
      {profile.avatarUrl ? (
        <UnstyledButton onClick={open} aria-label={t('avatar.enlarge', { name })} className={classes.avatarButton}>
          <UserAvatar name={name} src={profile.avatarUrl} alt={t('avatar.alt', { name })} size={SIZE} />
        </UnstyledButton>
      ) : (
        <UserAvatar name={name} alt={t('avatar.alt', { name })} size={SIZE} />
      )}

      {/* Only the owner's page needs the upload rules (their catalog and the server's caps). */}
      {isOwner && <AvatarUpload profile={profile} />}

      {profile.avatarUrl && (
        <Modal
          opened={opened}
          onClose={close}
          title={t('avatar.enlargedTitle', { name })}
          centered
          size="lg"
          closeButtonProps={{ 'aria-label': t('common:close') }}
        >
          <img src={profile.avatarUrl} alt={t('avatar.alt', { name })} className={classes.enlarged} onClick={close} />
        </Modal>
      )}
    </Stack>
  );
}

function AvatarUpload({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const upload = useUploadAvatar(profile.id);
  // Spec: image files only. Checked when chosen (after shrinking); the server checks the content too.
  const checked = useCheckedFile('image', { shrink: {} });
  // Lets the same file be chosen again after a failure.
  const resetRef = useRef<() => void>(null);

  const onFile = async (file: File | null) => {
    upload.reset();
    resetRef.current?.();
    const ok = await checked.choose(file);
    if (ok) upload.mutate({ file: ok, fileName: ok.name });
  };

  const detail = checked.error ?? (upload.error ? describeUploadError(upload.error, t) : null);
  const failed = checked.error !== null || upload.isError;
  return (
    <>
      <FileButton onChange={(f) => void onFile(f)} accept={checked.accept} resetRef={resetRef}>
        {(props) => (
          <Button {...props} variant="light" size="xs" loading={upload.isPending} loaderProps={{ 'aria-label': t('avatar.uploading') }}>
            {profile.avatarUrl ? t('avatar.change') : t('avatar.upload')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed" ta="center">
        {checked.hint}
      </Text>
      {upload.isPending && (
        <Stack gap={2} w={140}>
          <Progress value={upload.progress} aria-label={t('avatar.progress')} size="sm" />
          <Text size="xs" c="dimmed" ta="center" role="status">
            {t('avatar.uploading')} {upload.progress}%
          </Text>
        </Stack>
      )}
      {upload.isSuccess && (
        <Text size="xs" c="teal.9" role="status">
          {t('avatar.uploaded')}
        </Text>
      )}
      {failed && (
        <Alert color="red" role="alert" p="xs" title={t('avatar.failed')} w="100%">
          {detail && <Text size="xs">{detail}</Text>}
        </Alert>
      )}
    </>
  );
}

function describeUploadError(err: Error, t: (key: string) => string): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === 'FILE_TOO_LARGE') return t('avatar.tooLarge');
  if (err.code === 'UNSUPPORTED_FILE_TYPE') return t('avatar.notImage');
  return errorText(err);
}
