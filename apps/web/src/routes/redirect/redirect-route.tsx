import { Loader } from '@kadr/ui-kit';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { redirectMessages } from './messages';
import styles from './redirect-route.module.css';
import { carriedQuery, collectRedirectIds, REDIRECT_DELAY_MS, redirectTarget } from './redirect-target';

function useTarget() {
  const params = useParams();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  return { pathname: redirectTarget(collectRedirectIds(params, query)), search: carriedQuery(query) };
}

/** `…/cloud_redirect`: goes straight to the target of the SPEC's redirect rules. */
export function CloudRedirectRoute() {
  return <Navigate to={useTarget()} replace />;
}

/** `…/redirect`: the loader/redirect screen, going to the same target after 8 seconds (SPEC §2, §9). */
export function DelayedRedirectRoute({ delayMs = REDIRECT_DELAY_MS }: { delayMs?: number }) {
  const target = useTarget();
  const navigate = useNavigate();
  const { pathname, search } = target;
  useEffect(() => {
    const timer = setTimeout(() => navigate({ pathname, search }, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, pathname, search, delayMs]);
  return (
    <div className={styles.screen}>
      <Loader variant="fullPage" label={redirectMessages.waiting} />
      <Link to={target} replace className={styles.now}>
        {redirectMessages.goNow}
      </Link>
    </div>
  );
}
