import { Anchor, Badge, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useCountryName } from '../../../lib/country-name';
import { formatDate } from '../../../lib/format-date';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { paths } from '../../../lib/paths';
import { useCompany, useCompanyJobs } from '../api/get-company';
import { CompanyLogo } from '../components/company-logo';
import { FollowButton } from '../components/follow-button';
import { ReportButton } from '../../../components/report/report-button';
import { useMe } from '../../../lib/session';
import classes from '../components/companies.module.css';

/** Plain text with its web addresses made into links (nothing else of the text is markup). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Anchor key={i} href={part} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** /companies/{slug}: the company's logo, facts, about, the verified badge and its open jobs, newest first. */
export default function CompanyScreen() {
  const { t, i18n } = useTranslation('companies');
  const { slug = '' } = useParams();
  const countryName = useCountryName();
  const categoryLabel = useJobCategoryLabel();
  const { user } = useMe();
  const { data: company, isPending, error, refetch } = useCompany(slug);
  const jobs = useCompanyJobs(company?.slug ?? slug);

  if (isPending)
    return (
      <Page>
        <LoadingState label={t('loadingCompany')} />
      </Page>
    );
  if (error || !company) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Page title={missing ? t('notFound') : undefined}>
        {missing ? (
          <Anchor component={Link} to={paths.companies.to()}>
            ← {t('backToCompanies')}
          </Anchor>
        ) : (
          <ErrorState message={t('loadFailed')} onRetry={() => void refetch()} />
        )}
      </Page>
    );
  }

  const facts = [
    company.industry && { label: t('facts.industry'), value: categoryLabel(company.industry) },
    company.country && { label: t('facts.headOffice'), value: countryName(company.country) },
    company.hiresIn.length > 0 && { label: t('facts.hiresIn'), value: company.hiresIn.map(countryName).join(', ') },
    company.sizeBand && { label: t('facts.size'), value: t('facts.employees', { band: company.sizeBand }) },
    company.foundedYear && { label: t('facts.founded'), value: String(company.foundedYear) },
  ].filter((f): f is { label: string; value: string } => !!f);

  return (
    <Page size="md">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.companies.to()} size="sm">
          ← {t('backToCompanies')}
        </Anchor>
        <div className={classes.pageHead}>
          <CompanyLogo name={company.name} logoUrl={company.logoUrl} size={72} />
          <div className={classes.cardText}>
            <Title order={1} className={classes.pageName}>
              {company.name}
            </Title>
            <Group gap="xs" mt={4}>
              {company.verified && (
                <Badge color="teal" variant="light" tt="none">
                  {t('verified')}
                </Badge>
              )}
              <Text size="sm">{t('openJobs', { count: company.openJobs })}</Text>
              {company.followers !== null && (
                <Text size="sm" c="dimmed">
                  {t('followers', { count: company.followers })}
                </Text>
              )}
            </Group>
          </div>
        </div>
        {/* The company's own team does not follow itself (its new jobs are theirs). */}
        {!company.myRole && <FollowButton slug={company.slug} name={company.name} />}
        {/* Signed-in people other than the team may report the page (the server refuses a member anyway). */}
        {user && !company.myRole && (
          <Group>
            <ReportButton itemType="company" itemId={company.id} />
          </Group>
        )}
        {facts.length > 0 && (
          <Paper withBorder p="md">
            <dl style={{ margin: 0 }}>
              {facts.map((f) => (
                <Group key={f.label} gap="xs" wrap="nowrap" align="baseline">
                  <Text component="dt" size="sm" fw={600}>
                    {f.label}
                  </Text>
                  <Text component="dd" size="sm" m={0} className={classes.cardText}>
                    {f.value}
                  </Text>
                </Group>
              ))}
            </dl>
            {company.website && (
              <Anchor href={company.website} target="_blank" rel="noopener noreferrer nofollow" size="sm" mt="xs" display="inline-block">
                {t('website')}
              </Anchor>
            )}
          </Paper>
        )}
        {company.about && (
          <section aria-labelledby="company-about">
            <Title order={2} size="h3" id="company-about" mb="xs">
              {t('about')}
            </Title>
            <Text className={classes.about}>
              <Linkified text={company.about} />
            </Text>
          </section>
        )}
        <section aria-labelledby="company-jobs">
          <Title order={2} size="h3" id="company-jobs" mb="xs">
            {t('jobsHeading')}
          </Title>
          <PagedList
            query={jobs}
            labels={{
              loading: t('loadingJobs'),
              failed: t('loadJobsFailed'),
              loadMore: t('loadMore'),
              loadingMore: t('loadingMore'),
              allLoaded: t('allJobsLoaded'),
            }}
            empty={<EmptyState message={t('noOpenJobs')} />}
          >
            {(items) => (
              <Stack gap="sm">
                {items.map((job) => (
                  <Card key={job.id} withBorder padding="md" component="article">
                    <Anchor component={Link} to={paths.job.to(job.id)} fw={600}>
                      {job.title}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {[countryName(job.country), categoryLabel(job.category), formatDate(job.createdAt, i18n.language)].join(' · ')}
                    </Text>
                  </Card>
                ))}
              </Stack>
            )}
          </PagedList>
        </section>
      </Stack>
    </Page>
  );
}
