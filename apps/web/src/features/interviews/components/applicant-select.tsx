import { Loader, Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CANDIDATE_SEARCH_MIN } from '@caribconnect/shared';
import { useCandidates } from '../api/get-candidates';

interface Props {
  jobId: string;
  value: string;
  onChange: (id: string) => void;
  error?: React.ReactNode;
  onBlur?: () => void;
}

// The server already matched the names; filtering again here would hide the pre-filled person.
const serverFiltered: OptionsFilter = ({ options }) => options;

/**
 * 'Select Applicant': the chosen job's applicants first, then anyone else whose name contains what
 * the person types (3+ letters), searched on the server, never a download of every profile.
 */
export function ApplicantSelect({ jobId, value, onChange, error, onBlur }: Props) {
  const { t } = useTranslation('interviews');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const { data, isFetching } = useCandidates(jobId, q, value, true);
  const items = useMemo(() => data?.items ?? [], [data]);
  const selectedName = items.find((c) => c.id === value)?.fullName;

  const options = useMemo(() => {
    const label = (name: string) => name.trim() || t('schedule.unnamed');
    const group = (applied: boolean): ComboboxItem[] => items.filter((c) => c.applied === applied).map((c) => ({ value: c.id, label: label(c.fullName) }));
    return [
      { group: t('schedule.appliedGroup'), items: group(true) },
      { group: t('schedule.othersGroup'), items: group(false) },
    ].filter((g) => g.items.length);
  }, [items, t]);

  const typing = q && q !== selectedName;
  const nothingFound = typing && q.length < CANDIDATE_SEARCH_MIN ? t('schedule.typeMore', { count: CANDIDATE_SEARCH_MIN }) : t('schedule.noPeople');

  return (
    <Select
      label={t('schedule.applicant')}
      placeholder={t('schedule.selectApplicant')}
      description={t('schedule.applicantHint', { count: CANDIDATE_SEARCH_MIN })}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={isFetching ? t('schedule.searching') : nothingFound}
      rightSection={isFetching ? <Loader size={14} aria-hidden /> : undefined}
      clearable
      required
      error={error}
      onBlur={onBlur}
      maxDropdownHeight={280}
    />
  );
}
