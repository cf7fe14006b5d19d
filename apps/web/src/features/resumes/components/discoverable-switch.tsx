import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Paper, Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyResume } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../components/toast';
import { resumeKeys } from '../api/keys';

/**
 * "Employers can find me" (issue 46, decision 0072): off by default; on, the person appears in
 * "Candidates for this job" for jobs that share their skills; off, they are gone at once.
 */
export function DiscoverableSwitch({ resume }: { resume: MyResume }) {
  const { t } = useTranslation('resumes');
  const qc = useQueryClient();
  const change = useMutation({
    mutationFn: (discoverable: boolean) => api<MyResume>('/api/resumes/me/discoverable', { method: 'PUT', body: { discoverable } }),
    onSuccess: (saved) => {
      qc.setQueryData(resumeKeys.mine(), saved);
      toast(t(saved.discoverable ? 'discoverable.on' : 'discoverable.off'));
    },
    onError: () => toast(t('discoverable.failed'), 'error'),
  });
  const checked = change.isPending ? Boolean(change.variables) : resume.discoverable;
  return (
    <Paper withBorder p="md" radius="md" mt="lg">
      <Switch
        label={t('discoverable.label')}
        description={t('discoverable.help')}
        checked={checked}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.currentTarget.checked)}
      />
    </Paper>
  );
}
