import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../app/guard';
import { PageLoader } from '../../components/PageLoader';
import { useUserStore } from '../../stores/user';
import { ThirdCallback } from '../third/ThirdCallback';

/**
 * Authorized login: a third-party provider's code and state complete that sign-in (docs/accounts.md,
 * Third-party sign-in); a token and sid from the query go to the store, then on to the app.
 */
export default function AuthorizedLoginPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error') ?? '';
  if (state && (code || providerError))
    return (
      <ThirdCallback code={code ?? ''} state={state} iss={params.get('iss') ?? ''} providerError={providerError} />
    );
  return <TokenLogin params={params} />;
}

function TokenLogin({ params }: { params: URLSearchParams }) {
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
