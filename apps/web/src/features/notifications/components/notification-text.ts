import type { TFunction } from '../../../lib/use-translation';
import type { Notification } from '@caribconnect/shared';

/** Names a person or company may leave empty; the sentence then says "Someone". */
const NAMES = ['applicantName', 'employerName', 'fromName', 'authorName'];

/** The notification's sentence in the reader's language, from its kind and values. */
export function notificationText(t: TFunction, n: Notification): string {
  const values: Record<string, string> = { ...n.data };
  for (const key of NAMES) if (key in values && !values[key]!.trim()) values[key] = t('someone');
  if ('jobTitle' in values && !values.jobTitle!.trim()) values.jobTitle = t('untitledJob');
  return t(`kinds.${n.kind}`, values);
}
