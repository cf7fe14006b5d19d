import type { LanguageCode, ModerationAction, ReportItemType } from '@caribconnect/shared';
import { emailText } from '../../lib/emails';
import type { Mail } from '../../lib/mailer';

export type OwnerMail = Mail;

/**
 * The owner's email for one moderation decision, in the owner's language. The sentences are built
 * so the item's word ("ad", "profile"…) never needs a gendered ending in any language.
 */
export function ownerMail(
  action: ModerationAction,
  o: { to: string; name: string; itemType: ReportItemType; label: string; message: string | null; language?: LanguageCode },
): OwnerMail {
  const lang = o.language ?? 'en';
  const what = emailText(lang, `moderation.what.${o.itemType}`);
  const named = o.label ? ` "${o.label}"` : '';
  const why = o.message ? `\n\n${emailText(lang, 'moderation.reason', { message: o.message })}` : '';
  const hello = `${o.name ? emailText(lang, 'common.hello', { name: o.name }) : emailText(lang, 'common.helloPlain')}\n\n`;
  const bye = `\n\n${emailText(lang, 'moderation.bye')}\n`;
  // Suspending a company suspends the company, not the owner's account: its own words.
  const key = action === 'suspend' && o.itemType === 'company' ? 'suspendCompany' : action;
  return {
    to: o.to,
    subject: emailText(lang, `moderation.${key}.subject`, { what }),
    text: `${hello}${emailText(lang, `moderation.${key}.text`, { what, named })}${why}${bye}`,
  };
}
