import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useLocation, useNavigate } from '../lib/router';
import type { SavedKind } from '@caribconnect/shared';
import { errorText } from '../lib/errors';
import i18n from '../lib/i18n';
import { paths } from '../lib/paths';
import { continueSavePath, saveItem, savedKeys, unsaveItem } from '../lib/saved';
import { useMe } from '../lib/session';
import classes from './save-button.module.css';
import { toast } from './toast';

interface Props {
  kind: SavedKind;
  id: string;
  /** The item's title, so the button's name says which one (many cards on one page). */
  title: string;
  /** Whether it is saved, when known (undefined while the hearts of a page load). */
  saved: boolean | undefined;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className={classes.icon} aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
      <path d="M12 21s-7.5-4.6-9.5-9.2C1 8.2 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 6 3.7 4.5 7.3C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

/**
 * The heart on job and ad cards and pages: a toggle button ("Save job", pressed when saved). It is a
 * real form first (decision 0038): before scripts run it posts to /saved/:kind/:id, which saves, or
 * sends a signed-out visitor to Log In and back with the item saved. With scripts it saves in place,
 * with Undo in the toast; signed out it goes to Log In with the same way back.
 */
export function SaveButton({ kind, id, title, saved }: Props) {
  const { t } = useTranslation('saved');
  const { user } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [pressed, setPressed] = useState(saved ?? false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setPressed(saved ?? false), [saved]);
  const back = `${location.pathname}${location.search}`;

  const toggle = async (to: boolean, undo = false) => {
    setPressed(to);
    setBusy(true);
    try {
      await (to ? saveItem(kind, id) : unsaveItem(kind, id));
      void queryClient.invalidateQueries({ queryKey: savedKeys.all });
      if (undo) return;
      const notice = `saved-${kind}-${id}`;
      notifications.show({
        id: notice,
        color: 'teal',
        autoClose: 5000,
        closeButtonProps: { 'aria-label': i18n.t('close') },
        message: (
          <span>
            {to ? t('toast.saved', { title }) : t('toast.removed', { title })}{' '}
            <button
              type="button"
              className={classes.button}
              style={{ minHeight: '2rem', marginLeft: '0.5rem' }}
              onClick={() => {
                notifications.hide(notice);
                void toggle(!to, true);
              }}
            >
              {t('toast.undo')}
            </button>
          </span>
        ),
      });
    } catch (err) {
      setPressed(!to);
      toast(errorText(err, t('toast.failed')), 'error');
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!user) return void navigate(paths.login.to(continueSavePath(kind, id, back)));
    void toggle(!pressed);
  };

  const label = pressed ? t('button.saved') : t(kind === 'job' ? 'button.saveJob' : 'button.saveAd');
  return (
    <form method="post" action={`/saved/${kind}/${encodeURIComponent(id)}?back=${encodeURIComponent(back)}`} className={classes.form} onSubmit={onSubmit}>
      <button
        type="submit"
        name="action"
        value={pressed ? 'remove' : 'save'}
        className={classes.button}
        aria-pressed={pressed}
        aria-label={t('button.label', { action: label, title })}
        aria-busy={busy || undefined}
      >
        <Heart filled={pressed} />
        <span>{label}</span>
      </button>
    </form>
  );
}
