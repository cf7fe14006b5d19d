import { NativeSelect } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { APPLICANT_EMAILS, type ApplicantEmails } from '@caribconnect/shared';
import { toast } from '../../../components/toast';
import { useApplicantEmails, useSaveApplicantEmails } from '../api/applicant-emails';

/** On a job's applicants screen: email its owner at each new applicant, once a day, or never (words: notifications catalog). */
export default function ApplicantEmailsChoice({ jobId }: { jobId: string }) {
  const { t } = useTranslation('notifications');
  const query = useApplicantEmails(jobId);
  const save = useSaveApplicantEmails(jobId);
  if (!query.data) return null;
  return (
    <NativeSelect
      label={t('applicantEmails.label')}
      maw={320}
      value={save.isPending && save.variables ? save.variables : query.data.applicantEmails}
      disabled={save.isPending}
      data={APPLICANT_EMAILS.map((v) => ({ value: v, label: t(`applicantEmails.${v}`) }))}
      onChange={(e) =>
        save.mutate(e.currentTarget.value as ApplicantEmails, {
          onSuccess: () => toast(t('applicantEmails.saved')),
          onError: () => toast(t('applicantEmails.failed'), 'error'),
        })
      }
    />
  );
}
