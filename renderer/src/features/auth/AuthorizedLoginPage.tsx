import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../app/guard';
import { PageLoader } from '../../components/PageLoader';
import { useUserStore } from '../../stores/user';

/** Authorized login: token and sid from the query go to the store, then on to the app. */
export default function AuthorizedLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const token = params.get('token');
    const sid = params.get('sid') ?? '';
    if (!token) {
      navigate('/login', { replace: true });
      return;
    }
    // Whoever was logged in before is replaced by the authorized session.
    useUserStore.getState().resetAll({ navigate: false });
    useUserStore.getState().acceptLogin({ access_token: token, sid });
    navigate(safeRedirect(`?${params.toString()}`) ?? '/', { replace: true });
  }, [params, navigate]);
  return <PageLoader />;
}
