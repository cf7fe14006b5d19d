import { Link, useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { plainAnchor, PlainBadge, PlainCard, PlainGroup, PlainPaper, PlainStack, PlainText, PlainTitle } from '../../../components/plain-mantine';
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
          <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow ugc" {...plainAnchor()}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * /companies/{slug}: the company's logo, facts, about, the verified badge and its open jobs, newest first.
 * A public page, server-rendered and hydrated on its first load: Mantine's markup drawn plainly (decision 0066).
 */
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
          <Link to={paths.companies.to()} {...plainAnchor()}>
            ← {t('backToCompanies')}
          </Link>
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
      <PlainStack component="div" gap="lg">
        <Link to={paths.companies.to()} {...plainAnchor({ size: 'sm' })}>
          ← {t('backToCompanies')}
        </Link>
        <div className={classes.pageHead}>
          <CompanyLogo name={company.name} logoUrl={company.logoUrl} size={72} />
          <div className={classes.cardText}>
            <PlainTitle order={1} className={classes.pageName}>
              {company.name}
            </PlainTitle>
            <PlainGroup gap="xs" mt={4}>
              {company.verified && <PlainBadge color="teal">{t('verified')}</PlainBadge>}
              <PlainText size="sm">{t('openJobs', { count: company.openJobs })}</PlainText>
              {company.followers !== null && (
                <PlainText size="sm" dimmed>
                  {t('followers', { count: company.followers })}
                </PlainText>
              )}
            </PlainGroup>
          </div>
        </div>
        {/* The company's own team does not follow itself (its new jobs are theirs). */}
        {!company.myRole && <FollowButton slug={company.slug} name={company.name} />}
        {/* Signed-in people other than the team may report the page (the server refuses a member anyway). */}
        {user && !company.myRole && (
          <PlainGroup>
            <ReportButton itemType="company" itemId={company.id} />
          </PlainGroup>
        )}
        {facts.length > 0 && (
          <PlainPaper p="md">
            <dl style={{ margin: 0 }}>
              {facts.map((f) => (
                <PlainGroup key={f.label} gap="xs" wrap="nowrap" align="baseline">
                  <PlainText component="dt" size="sm" fw={600}>
                    {f.label}
                  </PlainText>
                  <PlainText component="dd" size="sm" m={0} className={classes.cardText}>
                    {f.value}
                  </PlainText>
                </PlainGroup>
              ))}
            </dl>
            {company.website && (
              <a href={company.website} target="_blank" rel="noopener noreferrer nofollow" {...plainAnchor({ size: 'sm', mt: 'xs', display: 'inline-block' })}>
                {t('website')}
              </a>
            )}
          </PlainPaper>
        )}
        {company.about && (
          <section aria-labelledby="company-about">
            <PlainTitle order={2} size="h3" id="company-about" mb="xs">
              {t('about')}
            </PlainTitle>
            <PlainText className={classes.about}>
              <Linkified text={company.about} />
            </PlainText>
          </section>
        )}
        <section aria-labelledby="company-jobs">
          <PlainTitle order={2} size="h3" id="company-jobs" mb="xs">
            {t('jobsHeading')}
          </PlainTitle>
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
              <PlainStack component="div" gap="sm">
                {items.map((job) => (
                  <PlainCard key={job.id} component="article" padding="md">
                    <Link to={paths.job.to(job.id)} {...plainAnchor({ fw: 600 })}>
                      {job.title}
                    </Link>
                    <PlainText size="sm" dimmed>
                      {[countryName(job.country), categoryLabel(job.category), formatDate(job.createdAt, i18n.language)].join(' · ')}
                    </PlainText>
                  </PlainCard>
                ))}
              </PlainStack>
            )}
          </PagedList>
        </section>
      </PlainStack>
    </Page>
  );
}
