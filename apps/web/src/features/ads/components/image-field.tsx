import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AD_IMAGE_ACCEPT, type AdPicture } from '@caribconnect/shared';
import classes from './ads.module.css';
import { useObjectUrl } from './use-object-url';

interface Props {
  file: File | null;
  onFile: (file: File | null) => void;
  /** Edit Ad: the picture the ad has now, and whether the person asked to remove it. */
  current?: AdPicture | null;
  removed?: boolean;
  onRemovedChange?: (removed: boolean) => void;
}

/** The optional image, with a preview of the chosen file before anything is sent. */
export function ImageField({ file, onFile, current, removed = false, onRemovedChange }: Props) {
  const { t } = useTranslation('ads');
  const url = useObjectUrl(file);
  const showCurrent = !file && current && !removed;
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm" id="ad-image-label">
        {t('form.image')}
      </Text>
      <Text size="xs" c="dimmed" id="ad-image-hint">
        {t('form.imageHint')}
      </Text>
      {url && <img src={url} alt={t('form.imagePreview')} className={classes.preview} />}
      {showCurrent && <img src={current.card} alt={t('form.currentImage')} width={current.cardWidth} height={current.cardHeight} className={classes.preview} />}
      {!file && current && removed && (
        <Text size="sm" c="red.8">
          {t('form.willBeRemoved')}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={onFile} accept={AD_IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" size="sm" aria-describedby="ad-image-hint">
              {file || current ? t('form.replaceImage') : t('form.chooseImage')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button variant="subtle" color="red" size="sm" onClick={() => onFile(null)}>
            {t('form.removeImage')}
          </Button>
        )}
        {!file && current && onRemovedChange && (
          <Button variant="subtle" color={removed ? 'gray' : 'red'} size="sm" onClick={() => onRemovedChange(!removed)}>
            {removed ? t('form.keepImage') : t('form.removeImage')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
