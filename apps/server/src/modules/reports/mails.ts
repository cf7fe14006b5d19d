import type { ModerationAction, ReportItemType } from '@caribconnect/shared';
import type { Mail } from '../../lib/mailer';

export type OwnerMail = Mail;

const WHAT: Record<ReportItemType, string> = {
  job: 'job listing',
  ad: 'ad',
  consultant: 'consultant card',
  profile: 'profile',
  message: 'message',
};

/** The owner's email for one moderation decision (English, as every email the platform sends today). */
export function ownerMail(
  action: ModerationAction,
  o: { to: string; name: string; itemType: ReportItemType; label: string; message: string | null },
): OwnerMail {
  const what = WHAT[o.itemType];
  const named = o.label ? ` "${o.label}"` : '';
  const why = o.message ? `\n\nThe reason given by our moderators:\n${o.message}` : '';
  const hello = `Hello${o.name ? ` ${o.name}` : ''},\n\n`;
  const bye = '\n\nIf you think this is a mistake, reply to this email or use the feedback form.\n\nThe CaribConnect team\n';
  switch (action) {
    case 'remove':
      return {
        to: o.to,
        subject: `Your ${what} was removed from CaribConnect`,
        text: `${hello}Your ${what}${named} was removed by our moderators after people reported it.${why}${bye}`,
      };
    case 'restore':
      return {
        to: o.to,
        subject: `Your ${what} is back on CaribConnect`,
        text: `${hello}Our moderators restored your ${what}${named}: people can see it again.${bye}`,
      };
    case 'warn':
      return {
        to: o.to,
        subject: 'A warning from CaribConnect moderators',
        text: `${hello}People reported your ${what}${named}. Our moderators ask you to follow the site's rules: a next report may remove it or suspend your account.${why}${bye}`,
      };
    case 'suspend':
      return {
        to: o.to,
        subject: 'Your CaribConnect account is suspended',
        text: `${hello}Your account was suspended after people reported your ${what}${named}.${why}${bye}`,
      };
    case 'dismiss':
      return {
        to: o.to,
        subject: `Your ${what} is visible again`,
        text: `${hello}Our moderators reviewed the reports on your ${what}${named}: it is visible again.${bye}`,
      };
  }
}
