import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { JobSummary } from '@caribconnect/shared';
import { useCountryName } from '../../../lib/country-name';
import { formatDate } from '../../../lib/format-date';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { paths } from '../../../lib/paths';
import { useJobFacts } from './job-facts';
import { SaveButton } from '../../../components/save-button';
import classes from './jobs.module.css';

/**
 * One job in the list. Plain elements and a CSS module rather than Mantine's Card/Group/Text/Badge:
 * a page renders many cards, and each Mantine component costs a theme lookup and style props.
 * The posted date opens the card, so it sits in the same place whatever the title's or company's
 * length. The whole card is clickable through the title link's stretched hit area.
 */
export function JobCard({ job, saved }: { job: JobSummary; saved?: boolean }) {
  const { t, i18n } = useTranslation('jobs');
  const categoryLabel = useJobCategoryLabel();
  const countryName = useCountryName();
  const facts = useJobFacts()(job);
  const kind = [facts.type, facts.workplace].filter(Boolean).join(' · ');
  return (
    <article className={classes.card}>
      <div className={classes.cardTop}>
        <time dateTime={job.createdAt} className={classes.posted}>
          {t('postedOn', { date: formatDate(job.createdAt, i18n.language) })}
        </time>
        {job.category && <span className={classes.badge}>{categoryLabel(job.category)}</span>}
        {job.verifiedEmployer && <span className={`${classes.badge} ${classes.verified}`}>{t('verifiedEmployer')}</span>}
      </div>
      <h2 className={classes.cardTitle}>
        <Link to={paths.job.to(job.id)} className={classes.stretched}>
          {job.title}
        </Link>
      </h2>
      <p className={classes.company}>
        {/* The company's page (issue 44), above the card's stretched link. */}
        {job.companySlug ? (
          <Link to={paths.company.to(job.companySlug)} className={classes.companyLink}>
            {job.company}
          </Link>
        ) : (
          job.company
        )}
        {job.country && ` · ${countryName(job.country)}`}
      </p>
      <p className={classes.description}>{job.description}</p>
      {kind && <p className={classes.kind}>{kind}</p>}
      {facts.pay && <p className={classes.salary}>{facts.pay}</p>}
      <SaveButton kind="job" id={job.id} title={job.title} saved={saved} />
    </article>
  );
}
