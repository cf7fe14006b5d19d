// The catalog texts that may read exactly as in English, with why. Everything else a reader of another
// language sees must differ from English: catalogs.test.ts checks the catalogs, and
// apps/server/src/plugins/no-english.test.ts and e2e/languages.spec.ts the rendered screens. A text without letters outside
// its placeholders ("{{rating}} / 5", "2019 – 2024") needs no entry: nothing in it is English.
import type { LanguageCode } from '@caribconnect/shared';

type Entry = { languages: readonly LanguageCode[] | 'all'; reason: string };

/** Keyed `namespace:key`, as the catalogs nest them. */
export const SAME_AS_ENGLISH: Record<string, Entry> = {
  'payments:method.paypal': { languages: 'all', reason: 'the payment provider’s name' },
  'admin:payments.methods.paypal': { languages: 'all', reason: 'the payment provider’s name' },
  'admin:settings.names.currency': { languages: 'all', reason: "a setting's name as stored" },
  'admin:settings.names.operatorName': { languages: 'all', reason: "a setting's name as stored" },
  'admin:settings.names.operatorAddress': { languages: 'all', reason: "a setting's name as stored" },
  // Matched on the English side: French and Dutch "Stage" on a job card is an internship (jobs:types.internship).
  'applications:workspace.stage': { languages: ['fr', 'nl'], reason: 'French and Dutch "Stage" (internship): the same letters, another word' },
  'common:brand': { languages: 'all', reason: 'the brand name' },
  'companies:website': { languages: ['nl', 'pap'], reason: 'Dutch and Papiamentu "Website"' },
  'companies:logo.label': { languages: ['fr', 'nl', 'ht', 'pap'], reason: '"Logo" is the word these languages use' },
  'companies:invitation.title': { languages: ['fr'], reason: 'French "Invitation"' },
  'companies:team.title': { languages: ['nl'], reason: 'Dutch "Team"' },
  'employer:dashboard.team': { languages: ['nl'], reason: 'Dutch "Team"' },
  'companies:roles.recruiter': { languages: ['nl'], reason: 'Dutch "Recruiter", the usual job title' },
  'common:ok': { languages: ['fr', 'nl', 'ht', 'pap'], reason: '"OK" is the word these languages use on a button' },
  'resumes:types.pdf': { languages: 'all', reason: 'the file format, "PDF" everywhere' },
  'resumes:types.generated': { languages: 'all', reason: 'the file format, "PDF" everywhere' },
  'admin:settings.names.jobPrice': { languages: 'all', reason: "a setting's name as stored, shown to admins as the key they see in exports" },
  'admin:settings.names.adPrice': { languages: 'all', reason: "a setting's name as stored" },
  'admin:settings.names.jobsFree': { languages: 'all', reason: "a setting's name as stored" },
  'admin:settings.names.adsFree': { languages: 'all', reason: "a setting's name as stored" },
  'admin:users.avatar': { languages: ['es', 'fr', 'nl'], reason: 'the usual word in these languages' },
  'admin:queue.error': { languages: ['es'], reason: 'Spanish "Error"' },
  'admin:roles.consultant': { languages: ['fr', 'nl'], reason: 'French and Dutch "consultant"' },
  'admin:content.actions': { languages: ['fr'], reason: 'French "Actions"' },
  'admin:audit.filter': { languages: ['fr'], reason: 'French "Action"' },
  'admin:audit.who': { languages: ['fr'], reason: 'French "Admin"' },
  'admin:audit.action': { languages: ['fr'], reason: 'French "Action"' },
  'admin:feedbackPage.message': { languages: ['fr'], reason: 'French "Message"' },
  'admin:queue.actions': { languages: ['fr'], reason: 'French "Actions"' },
  'admin:jobsPage.status': { languages: ['nl'], reason: 'Dutch "Status"' },
  'ads:detail.video': { languages: ['es', 'nl'], reason: 'Spanish and Dutch "Video"' },
  'ads:form.video': { languages: ['es', 'nl'], reason: 'Spanish and Dutch "Video"' },
  'ads:detail.description': { languages: ['fr'], reason: 'French "Description"' },
  'ads:form.description': { languages: ['fr'], reason: 'French "Description"' },
  'ads:form.image': { languages: ['fr'], reason: 'French "Image"' },
  'ads:categories.services': { languages: ['fr'], reason: 'French "Services"' },
  'applications:applicants.message': { languages: ['fr'], reason: 'French "Message"' },
  'applications:applicants.status': { languages: ['nl'], reason: 'Dutch "Status"' },
  'common:nav.menu': { languages: ['fr', 'nl'], reason: 'French and Dutch "Menu"' },
  'common:nav.faq': { languages: ['fr'], reason: 'French "FAQ"' },
  'common:nav.notifications': { languages: ['fr'], reason: 'French "Notifications"' },
  'common:nav.feedback': { languages: ['nl'], reason: 'Dutch "Feedback"' },
  'consultants:specialties.Legal': { languages: ['es'], reason: 'Spanish "Legal"' },
  'consultants:specialties.Marketing': { languages: ['es', 'fr', 'nl'], reason: 'the trade is called "Marketing" in these languages' },
  'consultants:specialties.Finance': { languages: ['fr'], reason: 'French "Finance"' },
  'consultants:specialties.Construction': { languages: ['fr'], reason: 'French "Construction"' },
  'consultants:specialties.HR': { languages: ['nl'], reason: 'Dutch uses the abbreviation "HR"' },
  'consultants:specialties.IT': { languages: ['nl'], reason: 'Dutch uses the abbreviation "IT"' },
  'consultants:card.contact': { languages: ['fr', 'nl'], reason: 'French and Dutch "Contact"' },
  'consultants:card.message': { languages: ['fr'], reason: 'French "Message"' },
  'consultants:setup.photo': { languages: ['fr'], reason: 'French "Photo"' },
  'consultants:dashboard.fallbackName': { languages: ['fr', 'nl'], reason: 'French and Dutch "Consultant"' },
  'consultants:contact.message': { languages: ['fr'], reason: 'French "Message"' },
  'feedback:message': { languages: ['fr'], reason: 'French "Message"' },
  'homes:consultant.fallbackName': { languages: ['fr', 'nl'], reason: 'French and Dutch "Consultant"' },
  'interviews:card.date': { languages: ['fr'], reason: 'French "Date"' },
  'interviews:card.notes': { languages: ['fr'], reason: 'French "Notes"' },
  'jobs:description': { languages: ['fr'], reason: 'French "Description"' },
  'employer:form.description': { languages: ['fr'], reason: 'French "Description"' },
  'jobs:categories.Construction': { languages: ['fr'], reason: 'French "Construction"' },
  'jobs:filters.per': { languages: ['nl'], reason: 'Dutch "Per"' },
  'employer:form.salaryPeriod': { languages: ['nl'], reason: 'Dutch "Per"' },
  'jobs:employmentTypes.contract': { languages: ['nl'], reason: 'Dutch "Contract"' },
  'jobs:periods.week': { languages: ['nl'], reason: 'Dutch "Week"' },
  'messages:chat': { languages: ['es', 'nl'], reason: 'Spanish and Dutch "Chat"' },
  'messages:conversations': { languages: ['fr'], reason: 'French "Conversations"' },
  'messages:messageLabel': { languages: ['fr'], reason: 'French "Message"' },
  'messages:messagesLabel': { languages: ['fr'], reason: 'French "Messages"' },
  'messages:message': { languages: ['fr'], reason: 'French "Message"' },
  'messages:roles.consultant': { languages: ['fr', 'nl'], reason: 'French and Dutch "Consultant"' },
  'messages:inboxTitle': { languages: ['nl'], reason: 'Dutch "Inbox"' },
  'moderation:reasons.spam': { languages: 'all', reason: '"Spam" is the word everywhere' },
  'moderation:items.message': { languages: ['fr'], reason: 'French "message"' },
  'moderation:reasons.discrimination': { languages: ['fr'], reason: 'French "Discrimination"' },
  'notifications:title': { languages: ['fr'], reason: 'French "Notifications"' },
  'pages:welcome.faq': { languages: ['fr'], reason: 'French "FAQ"' },
  'pages:welcome.feedback': { languages: ['nl'], reason: 'Dutch "Feedback"' },
  'profiles:roles.consultant': { languages: ['fr', 'nl'], reason: 'French and Dutch "Consultant"' },
  'resumes:entries.education.period': { languages: ['fr'], reason: 'French "Dates"' },
  'resumes:entries.experience.period': { languages: ['fr'], reason: 'French "Dates"' },
  'resumes:sections.certifications': { languages: ['fr'], reason: 'French "Certifications"' },
  'resumes:entries.education.detail': { languages: ['nl'], reason: 'Dutch "Details"' },
  'resumes:entries.experience.detail': { languages: ['nl'], reason: 'Dutch "Details"' },
};

/** Whether `namespace:key` may read as in English in `language`. */
export const mayMatchEnglish = (id: string, language: string): boolean => {
  const entry = SAME_AS_ENGLISH[id];
  return !!entry && (entry.languages === 'all' || (entry.languages as readonly string[]).includes(language));
};

/** Nothing of English in it: no letters once its placeholders are taken out (numbers, "{{rating}} / 5"). */
export const hasNoWords = (text: string): boolean => !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, ''));
