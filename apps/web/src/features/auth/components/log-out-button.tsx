import { UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useSignOut } from '../api/sign-out';

/** The header's Log Out: ends the session, then goes to the welcome page. */
export default function LogOutButton({ className, vertical, onClick }: { className: string; vertical: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const logOut = () => {
    onClick();
    signOut.mutate(undefined, { onSettled: () => navigate(paths.welcome.to()) });
  };
  return (
    <UnstyledButton onClick={logOut} className={className} data-vertical={vertical || undefined}>
      {t('nav.logOut')}
    </UnstyledButton>
  );
}
