import type { LinkComponentProps } from '@kadr/ui-kit';
import { Link, type LinkProps, type Path, useLocation, useNavigate } from 'react-router';

/**
 * `to` with the current query string carried over (SPEC §2: links carry tracking and campaign
 * parameters). Parameters written in `to` win over the carried ones; a hash in `to` is kept.
 */
export function withQuery(to: string, currentSearch: string): Partial<Path> {
  const url = new URL(to, 'http://kadr.invalid');
  const relative = !to.startsWith('/');
  const pathname = relative ? undefined : url.pathname;
  const own = url.searchParams;
  let search = currentSearch;
  if ([...own.keys()].length > 0) {
    const merged = new URLSearchParams(currentSearch);
    for (const key of new Set(own.keys())) {
      merged.delete(key);
      for (const value of own.getAll(key)) merged.append(key, value);
    }
    const text = merged.toString();
    search = text ? `?${text}` : '';
  }
  if (relative) {
    // A relative `to` (e.g. 'tv_guide'): let the router resolve the path, keep only its own part.
    const [path] = to.split(/[?#]/);
    return { pathname: path, search, hash: url.hash };
  }
  return { pathname, search, hash: url.hash };
}

/** Props of {@link QueryLink}: a router link whose `to` is a path string. */
export type QueryLinkProps = Omit<LinkProps, 'to'> & { to: string };

/** A router link that carries the current query string. */
export function QueryLink({ to, ...props }: QueryLinkProps) {
  const { search } = useLocation();
  return <Link to={withQuery(to, search)} {...props} />;
}

/** The link the ui-kit components render (`LinkComponent`): a {@link QueryLink}. */
export function KitLink({ href, state, ...props }: LinkComponentProps) {
  return <QueryLink to={href} state={state} {...props} />;
}

/** Navigates to `to` carrying the current query string. */
export function useQueryNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (to: string, options?: { replace?: boolean; state?: unknown }) =>
    navigate(withQuery(to, search), options);
}

/**
 * The back action of every screen (SPEC §2): history back when this app put an entry before the
 * current one, otherwise / with the query string. The router marks the first entry of a visit with
 * the key 'default'.
 */
export function useBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') navigate(-1);
    else navigate({ pathname: '/', search: location.search });
  };
}
