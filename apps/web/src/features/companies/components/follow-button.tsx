import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useHydrated } from '../../../lib/hydrated';
import { paths } from '../../../lib/paths';
import { useNavigate } from '../../../lib/router';
import { useMe } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { PlainButton, PlainCheckbox, PlainStack } from '../../../components/plain-mantine';
import { toast } from '../../../components/toast';
import { companyKeys } from '../api/keys';

type FollowState = { following: boolean; email: boolean };

/** Where Log In sends a person who pressed Follow signed out: followed there, then back to the page. */
export const continueFollowPath = (slug: string) => `/companies/${encodeURIComponent(slug)}/follow/continue`;

/**
 * Follow / Unfollow on a company page, with the choice of an email for each new job. A real form first
 * (decision 0038's pattern): before scripts it posts to the page's own address, which follows, or
 * sends a signed-out visitor to Log In and back with the company followed. With scripts it changes in place.
 * Mantine's markup drawn plainly (decision 0066): the page's first load carries no Mantine component code.
 */
export function FollowButton({ slug, name }: { slug: string; name: string }) {
  const { t } = useTranslation('companies');
  const { user } = useMe();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: companyKeys.follow(slug),
    queryFn: ({ signal }) => api<FollowState>(`/api/companies/${encodeURIComponent(slug)}/follow`, { signal }),
    enabled: !!user,
  });
  const following = state.data?.following ?? false;
  const [email, setEmail] = useState<boolean | null>(null);
  const wantsEmail = email ?? state.data?.email ?? false;
  const change = useMutation({
    mutationFn: (next: FollowState) =>
      next.following
        ? api<FollowState>(`/api/companies/${encodeURIComponent(slug)}/follow`, { method: 'PUT', body: { email: next.email } })
        : api<FollowState>(`/api/companies/${encodeURIComponent(slug)}/follow`, { method: 'DELETE' }),
    onSuccess: (result, asked) => {
      queryClient.setQueryData(companyKeys.follow(slug), result);
      setEmail(null);
      if (asked.following !== following) toast(result.following ? t('follow.followed', { name }) : t('follow.unfollowed', { name }));
    },
    onError: (err) => toast(errorText(err, t('follow.failed')), 'error'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return void navigate(paths.login.to(continueFollowPath(slug)));
    change.mutate({ following: !following, email: wantsEmail });
  };

  return (
    <form method="post" action={`/companies/${encodeURIComponent(slug)}`} onSubmit={submit}>
      <input type="hidden" name="action" value={following ? 'unfollow' : 'follow'} />
      <PlainStack component="div" gap="xs" align="flex-start">
        <PlainButton
          type="submit"
          variant={following ? 'light' : 'filled'}
          aria-pressed={following}
          loading={change.isPending}
          aria-label={t(following ? 'follow.unfollowLabel' : 'follow.followLabel', { name })}
        >
          {following ? t('follow.following') : t('follow.follow')}
        </PlainButton>
        {(user || !hydrated) && (
          <PlainCheckbox
            name="email"
            label={t('follow.email')}
            checked={wantsEmail}
            onChange={(e) => {
              const next = e.currentTarget.checked;
              setEmail(next);
              // Already following: the choice is saved at once (before scripts, the Follow form carries it).
              if (following) change.mutate({ following: true, email: next });
            }}
          />
        )}
      </PlainStack>
    </form>
  );
}
