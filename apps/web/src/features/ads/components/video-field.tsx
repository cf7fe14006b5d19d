import { Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdVideo } from '@caribconnect/shared';
import { useCheckedFile } from '../../../components/checked-file';
import classes from './ads.module.css';
import { captureFrame } from './capture-frame';
import { useObjectUrl } from './use-object-url';

export interface ChosenVideo {
  file: File;
  /** The card's preview frame, or null when none could be taken. */
  frame: Blob | null;
}

interface Props {
  value: ChosenVideo | null;
  onChange: (value: ChosenVideo | null) => void;
  /** Set while the frame is being taken, so the form waits for it. */
  onBusy: (busy: boolean) => void;
  current?: AdVideo | null;
  removed?: boolean;
  onRemovedChange?: (removed: boolean) => void;
}

/** The optional video: a player to check it, and the frame the ad card will show, taken here in the browser. */
export function VideoField({ value, onChange, onBusy, current, removed = false, onRemovedChange }: Props) {
  const { t } = useTranslation('ads');
  const checked = useCheckedFile('video');
  const resetRef = useRef<() => void>(null);
  const [capturing, setCapturing] = useState(false);
  const videoUrl = useObjectUrl(value?.file);
  const frameUrl = useObjectUrl(value?.frame);

  useEffect(() => onBusy(capturing), [capturing, onBusy]);

  const choose = async (chosen: File | null) => {
    // Refused when chosen (not a video we take, or past MAX_VIDEO_MB): the field says why, nothing changes.
    const file = await checked.choose(chosen);
    resetRef.current?.();
    if (!file) return;
    setCapturing(true);
    onChange({ file, frame: null });
    const frame = await captureFrame(file);
    setCapturing(false);
    onChange({ file, frame });
  };

  const showCurrent = !value && current && !removed;
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {t('form.video')}
      </Text>
      <Text size="xs" c="dimmed" id="ad-video-hint">
        {t('form.videoHint', { accepted: checked.hint })}
      </Text>
      {videoUrl && <video src={videoUrl} controls muted playsInline preload="metadata" className={classes.preview} aria-label={t('form.videoPreview')} />}
      {capturing && (
        <Group gap={6} role="status">
          <Loader size={14} aria-hidden />
          <Text size="sm">{t('form.capturingFrame')}</Text>
        </Group>
      )}
      {frameUrl && (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('form.framePreview')}
          </Text>
          <img src={frameUrl} alt={t('form.framePreview')} className={classes.preview} data-testid="frame-preview" />
        </Stack>
      )}
      {value && !capturing && !value.frame && (
        <Text size="sm" c="dimmed">
          {t('form.noFrame')}
        </Text>
      )}
      {showCurrent && (
        <video src={current.url} poster={current.poster?.card} controls preload="none" playsInline className={classes.preview} aria-label={t('form.video')} />
      )}
      {!value && current && removed && (
        <Text size="sm" c="red.8">
          {t('form.willBeRemoved')}
        </Text>
      )}
      {checked.error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" id="ad-video-error">
          {checked.error}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={(f) => void choose(f)} accept={checked.accept} resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="sm"
              aria-describedby={checked.error ? 'ad-video-hint ad-video-error' : 'ad-video-hint'}
              disabled={capturing}
            >
              {value || current ? t('form.replaceVideo') : t('form.chooseVideo')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" size="sm" onClick={() => onChange(null)} disabled={capturing}>
            {t('form.removeVideo')}
          </Button>
        )}
        {!value && current && onRemovedChange && (
          <Button variant="subtle" color={removed ? 'gray' : 'red'} size="sm" onClick={() => onRemovedChange(!removed)}>
            {removed ? t('form.keepVideo') : t('form.removeVideo')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
