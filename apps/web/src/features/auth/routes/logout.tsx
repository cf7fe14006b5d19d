import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { LoadingState } from '../../../components/states';
import { signOut } from '../api/sign-out';
import { paths } from '../../../lib/paths';

/** /logout: ends the session on the server and goes to the welcome page. */
export default function LogoutScreen() {
  const { t } = useTranslation(['common', 'auth']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    void signOut(queryClient).then(() => navigate(paths.welcome.to(), { replace: true }));
  }, [queryClient, navigate]);
  return <LoadingState label={t('auth:loggingOut')} />;
}
