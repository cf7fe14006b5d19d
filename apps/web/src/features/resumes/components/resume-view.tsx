import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import type { Resume, ResumeEntry } from '@caribconnect/shared';
import classes from './resumes.module.css';

/**
 * The resume's document: a PDF (uploaded or generated) opens in a new tab, where the server shows it
 * inline and sandboxed; a Word file is a download, so it opens no tab that would stay blank. While
 * the PDF of the fields is still being drawn (a queued job), a polite status takes the link's place
 * and the resume's query polls until it is ready (api/resume-polling.ts).
 */
export function ResumeDocumentLink({ resume }: { resume: Resume }) {
  const { t } = useTranslation('resumes');
  if (resume.documentStatus === 'pending')
    return (
      <Text role="status" c="dimmed">
        {t('view.preparing')}
      </Text>
    );
  const pdf = resume.documentType === 'pdf' || resume.documentType === 'generated';
  return pdf ? (
    <Anchor href={resume.documentUrl} target="_blank" rel="noopener noreferrer" fw={600}>
      {t('view.download')} <span className={classes.visuallyHidden}>{t('view.newTab')}</span>
    </Anchor>
  ) : (
    <Anchor href={resume.documentUrl} download fw={600}>
      {t('view.download')}
    </Anchor>
  );
}

function Entries({ items }: { items: ResumeEntry[] }) {
  return (
    <Stack gap="sm" component="ul" className={classes.plainList}>
      {items.map((e, i) => {
        const meta = [e.place, e.period].filter(Boolean).join(' · ');
        return (
          <li key={i}>
            {e.title && <Text fw={600}>{e.title}</Text>}
            {meta && (
              <Text size="sm" c="dimmed">
                {meta}
              </Text>
            )}
            {e.detail && <Text className={classes.preserve}>{e.detail}</Text>}
          </li>
        );
      })}
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb={6} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * The resume read-only: summary, experience, education, skills and certifications, each only when
 * filled in. Everything is rendered as text. `idPrefix` keeps heading ids unique on a page.
 */
export function ResumeView({ resume, idPrefix = 'resume' }: { resume: Resume; idPrefix?: string }) {
  const { t } = useTranslation('resumes');
  const contact = [resume.phone, resume.email].filter(Boolean);
  return (
    <Stack gap="md">
      {(resume.fullName || contact.length > 0) && (
        <div>
          {resume.fullName && (
            <Text fw={700} size="lg">
              {resume.fullName}
            </Text>
          )}
          {contact.length > 0 && (
            <Group gap="md">
              {resume.phone && <Anchor href={`tel:${resume.phone}`}>{resume.phone}</Anchor>}
              {resume.email && <Anchor href={`mailto:${resume.email}`}>{resume.email}</Anchor>}
            </Group>
          )}
        </div>
      )}
      {resume.summary && (
        <Section id={`${idPrefix}-summary`} title={t('sections.summary')}>
          <Text className={classes.preserve}>{resume.summary}</Text>
        </Section>
      )}
      {resume.education.length > 0 && (
        <Section id={`${idPrefix}-education`} title={t('sections.education')}>
          <Entries items={resume.education} />
        </Section>
      )}
      {resume.experience.length > 0 && (
        <Section id={`${idPrefix}-experience`} title={t('sections.experience')}>
          <Entries items={resume.experience} />
        </Section>
      )}
      {resume.skills.length > 0 && (
        <Section id={`${idPrefix}-skills`} title={t('sections.skills')}>
          <Group gap={6} component="ul" className={classes.plainList}>
            {resume.skills.map((s, i) => (
              <Badge key={i} component="li" variant="light" size="lg" tt="none" fw={500}>
                {s}
              </Badge>
            ))}
          </Group>
        </Section>
      )}
      {resume.certifications.length > 0 && (
        <Section id={`${idPrefix}-certifications`} title={t('sections.certifications')}>
          <ul className={classes.bullets}>
            {resume.certifications.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        </Section>
      )}
      <div>
        <ResumeDocumentLink resume={resume} />
      </div>
    </Stack>
  );
}
