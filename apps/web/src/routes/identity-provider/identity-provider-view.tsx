import { ErrorScreen, Loader } from '@kadr/ui-kit';
import { KitLink } from '../../shared/navigation/query-link';
import { identityProviderMessages as m } from './messages';

/** What the identity-provider route shows. */
export type IdentityProviderPhase =
  | { kind: 'redirecting' }
  | { kind: 'finishing' }
  /** The sign-in did not happen: `message` says why; the visitor stays as they were (anonymous). */
  | { kind: 'refused'; message: string };

/** Props of {@link IdentityProviderView}. */
export interface IdentityProviderViewProps {
  phase: IdentityProviderPhase;
  /** Starts the sign-in again («Попробовать снова»). */
  onRetry: () => void;
}

/**
 * The identity-provider route's screen: a loader while the browser goes to the provider or the api
 * finishes the sign-in; a refusal's message with «Попробовать снова» and a link home otherwise.
 */
export function IdentityProviderView({ phase, onRetry }: IdentityProviderViewProps) {
  if (phase.kind !== 'refused')
    return <Loader variant="fullPage" label={phase.kind === 'redirecting' ? m.redirecting : m.finishing} />;
  return (
    <ErrorScreen
      homeHref="/"
      onReload={onRetry}
      LinkComponent={KitLink}
      labels={{ title: m.refusedTitle, text: phase.message, reload: m.retry, home: m.home }}
    />
  );
}
