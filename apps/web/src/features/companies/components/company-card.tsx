import { Anchor, Badge, Card, Group, Text } from '@mantine/core';
import type { CompanySummary } from '@caribconnect/shared';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useCountryName } from '../../../lib/country-name';
import { paths } from '../../../lib/paths';
import { CompanyLogo } from './company-logo';
import classes from './companies.module.css';

/** A directory card: logo, name (the link to its page), country, open jobs and the verified badge. */
export function CompanyCard({ company }: { company: CompanySummary }) {
  const { t } = useTranslation('companies');
  const countryName = useCountryName();
  return (
    <Card withBorder padding="md" component="article">
      <div className={classes.card}>
        <CompanyLogo name={company.name} logoUrl={company.logoUrl} />
        <div className={classes.cardText}>
          <Anchor component={Link} to={paths.company.to(company.slug)} fw={600} size="lg">
            {company.name}
          </Anchor>
          <Group gap="xs" mt={4}>
            {company.country && (
              <Text size="sm" c="dimmed">
                {countryName(company.country)}
              </Text>
            )}
            <Text size="sm">{t('openJobs', { count: company.openJobs })}</Text>
            {company.verified && (
              <Badge color="teal" variant="light" tt="none">
                {t('verified')}
              </Badge>
            )}
          </Group>
        </div>
      </div>
    </Card>
  );
}
