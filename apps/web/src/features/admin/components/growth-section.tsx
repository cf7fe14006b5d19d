import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useGrowth, useUserGrowthRange } from '../api/get-growth';
import { downloadGrowthCsv } from '../api/download-csv';
import { GrowthChart } from './growth-chart';

/** The four weekly charts, the From/To filter of the users chart and the CSV download. */
export function GrowthSection() {
  const { t } = useTranslation('admin');
  const growth = useGrowth();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [filterError, setFilterError] = useState('');
  const ranged = useUserGrowthRange(range);
  const [downloading, setDownloading] = useState(false);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to) return setFilterError(t('filter.bothDates'));
    setFilterError('');
    setRange(from <= to ? { from, to } : { from: to, to: from });
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadGrowthCsv();
    } catch {
      toast(t('downloadFailed'), 'error');
    } finally {
      setDownloading(false);
    }
  };

  // Chart fetch errors are only logged (spec section 8): the charts then show their empty sentences.
  if (growth.isError) console.error(growth.error);
  const data = growth.data ?? { users: [], jobs: [], ads: [], applications: [] };
  const users = range && ranged.data ? ranged.data : data.users;

  return (
    <>
      <Group component="form" onSubmit={apply} align="flex-end" gap="sm" wrap="wrap">
        <TextInput type="date" label={t('filter.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label={t('filter.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button type="submit">{t('filter.apply')}</Button>
        {range && (
          <Button variant="subtle" onClick={() => (setRange(null), setFrom(''), setTo(''))}>
            {t('filter.clear')}
          </Button>
        )}
        <Button variant="light" onClick={() => void download()} loading={downloading}>
          {t('downloadCsv')}
        </Button>
      </Group>
      {filterError && (
        <Text c="red.8" role="alert" size="sm" mt="xs">
          {filterError}
        </Text>
      )}
      {growth.isPending ? (
        <LoadingState label={t('loading')} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
          <GrowthChart title={t('charts.users')} empty={t('charts.emptyUsers')} points={users} color="teal.6" />
          <GrowthChart title={t('charts.jobs')} empty={t('charts.emptyJobs')} points={data.jobs} color="blue.6" />
          <GrowthChart title={t('charts.ads')} empty={t('charts.emptyAds')} points={data.ads} color="orange.6" />
          <GrowthChart title={t('charts.applications')} empty={t('charts.emptyApplications')} points={data.applications} color="grape.6" />
        </SimpleGrid>
      )}
    </>
  );
}
