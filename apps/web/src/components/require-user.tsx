import { Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useLocation } from '../lib/router';
import type { Role, SessionUser } from '@caribconnect/shared';
import { readingRole } from '@caribconnect/shared/constants/roles';
import { paths } from '../lib/paths';
import { useMe } from '../lib/session';
import { MutedNotice } from './muted-notice';
import { UnconfirmedNotice } from './unconfirmed-notice';
import { Notice } from './notice';
import { ErrorState, LoadingState } from './states';

interface Props {
  /** The screen's own sentence for a signed-out visitor (the spec words it per screen). */
  signedOut: string;
  /** Roles allowed on the screen; any signed-in person when omitted. A muted person counts as the role they had. */
  roles?: readonly Role[];
  /** The screen posts, applies, sends or saves: a muted person is told so instead of getting a form the server refuses. */
  writes?: boolean;
  /** The sentence for a signed-in person whose role is not among `roles`. */
  wrongRole?: string;
  /** A sentence under `wrongRole` saying what to do about it. */
  wrongRoleHint?: string;
  /** Wraps what the gate shows instead of the screen (e.g. the screen's Page with its title). */
  frame?: (gate: ReactNode) => ReactNode;
  children: (user: SessionUser) => ReactNode;
}

/**
 * The one gate for screens that need a signed-in person: a loading state while the session is read,
 * the screen's sign-in sentence with Log In and Sign Up links (returning here afterwards), a notice
 * for the wrong kind of account, and otherwise the screen with the person. The server enforces the
 * same rules; this only spares people a screen that would refuse them.
 */
export function RequireUser({ signedOut, roles, writes, wrongRole, wrongRoleHint, frame = (gate) => gate, children }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, isLoading, error } = useMe();
  if (isLoading) return frame(<LoadingState label={t('loading')} />);
  if (error) return frame(<ErrorState message={t('error.title')} onRetry={() => window.location.reload()} />);
  if (!user) {
    const here = location.pathname + location.search;
    return frame(
      <Notice
        title={signedOut}
        action={{ to: paths.login.to(here), label: t('nav.logIn') }}
        secondary={{ to: paths.signup.to(undefined, here), label: t('nav.signUp') }}
      />,
    );
  }
  if (roles && !roles.includes(readingRole(user) as Role)) {
    return frame(<WrongRole title={wrongRole} hint={wrongRoleHint} />);
  }
  if (writes && user.role === 'muted') return frame(<MutedNotice />);
  if (writes && user.emailVerified === false) return frame(<UnconfirmedNotice />);
  // An admin screen opens once two-step sign-in is set up; the setup (and its QR code) is its own chunk.
  if (roles?.includes('admin') && user.role === 'admin' && !user.twoFactorEnabled) {
    return frame(
      <Suspense fallback={<LoadingState label={t('loading')} />}>
        <AdminTwoFactorGate />
      </Suspense>,
    );
  }
  return <>{children(user)}</>;
}

const AdminTwoFactorGate = lazy(() => import('../features/security/components/admin-two-factor-gate'));

/** The generic sentence is in the `errors` catalog, fetched only by someone who lands here. */
function WrongRole({ title, hint }: { title?: string; hint?: string }) {
  const { t } = useTranslation('errors');
  return <Notice title={title ?? t('FORBIDDEN')}>{hint && <Text size="sm">{hint}</Text>}</Notice>;
}
