import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdPicture } from '@caribconnect/shared';
import { useCheckedFile } from '../../../components/checked-file';
import classes from './ads.module.css';
import { useObjectUrl } from './use-object-url';

interface Props {
  file: File | null;
  onFile: (file: File | null) => void;
  /** Set while a chosen photo is being shrunk, so the form waits for it. */
  onBusy?: (busy: boolean) => void;
  /** Edit Ad: the picture the ad has now, and whether the person asked to remove it. */
  current?: AdPicture | null;
  removed?: boolean;
  onRemovedChange?: (removed: boolean) => void;
}

// Phone photos are megabytes; a listing needs 1600 px at most.
const SHRINK = { maxSide: 1600, smallEnough: 500 * 1024 };

/**
 * The optional image, with a preview of the chosen file before anything is sent. A file that is not
 * a picture we take, or too large once shrunk, is refused when chosen and the field says why.
 */
export function ImageField({ file, onFile, onBusy, current, removed = false, onRemovedChange }: Props) {
  const { t } = useTranslation('ads');
  const checked = useCheckedFile('photo', { shrink: SHRINK });
  const url = useObjectUrl(file);
  // A photo this browser cannot draw (HEIC outside Safari) is still sent; the server converts it.
  const [noPreview, setNoPreview] = useState(false);
  useEffect(() => setNoPreview(false), [url]);
  const resetRef = useRef<() => void>(null);
  const showCurrent = !file && current && !removed;

  const choose = async (chosen: File | null) => {
    onBusy?.(true);
    const ok = await checked.choose(chosen);
    onBusy?.(false);
    // Lets the same file be chosen again after a refusal.
    resetRef.current?.();
    if (ok) onFile(ok);
  };

  return (
    <Stack gap={6}>
      <Text fw={500} size="sm" id="ad-image-label">
        {t('form.image')}
      </Text>
      <Text size="xs" c="dimmed" id="ad-image-hint">
        {t('form.imageHint', { accepted: checked.hint })}
      </Text>
      {url && !noPreview && <img src={url} alt={t('form.imagePreview')} className={classes.preview} onError={() => setNoPreview(true)} />}
      {url && noPreview && (
        <Text size="sm" c="dimmed">
          {t('uploads:noPreview')} ({file?.name})
        </Text>
      )}
      {showCurrent && <img src={current.card} alt={t('form.currentImage')} width={current.cardWidth} height={current.cardHeight} className={classes.preview} />}
      {!file && current && removed && (
        <Text size="sm" c="red.8">
          {t('form.willBeRemoved')}
        </Text>
      )}
      {checked.error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" id="ad-image-error">
          {checked.error}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={(f) => void choose(f)} accept={checked.accept} resetRef={resetRef}>
          {(props) => (
            <Button {...props} variant="default" size="sm" aria-describedby={checked.error ? 'ad-image-hint ad-image-error' : 'ad-image-hint'}>
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
