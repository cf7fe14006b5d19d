import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/states';
import { useSignOut } from '../api/sign-out';
import { paths } from '../../../lib/paths';

/** /logout: ends the session on the server and goes to the welcome page. */
export default function LogoutScreen() {
  const { t } = useTranslation(['common', 'auth']);
  const navigate = useNavigate();
  const { mutate } = useSignOut();
  useEffect(() => {
    mutate(undefined, { onSettled: () => navigate(paths.welcome.to(), { replace: true }) });
  }, [mutate, navigate]);
  return <LoadingState label={t('auth:loggingOut')} />;
}
