import type { PackageSummary } from '../../shared/data/billing';
import { packagesMessages as m } from './messages';

/** A list card's badge: its look and its text. */
export interface PackageBadge {
  /**
   * `offer` for packages the viewer can act on by buying (not_purchased) or that come with a bought
   * parent (active parent) — the SPEC's "different badge"; `status` for the rest.
   */
  look: 'offer' | 'status';
  text: string;
}

/**
 * The badge of a list card (SPEC §4: status decides the badge look; not_purchased and active-parent
 * packages get a different one). An active parent wins over the status: the package is held through it.
 */
export function badgeOf(pkg: Pick<PackageSummary, 'status' | 'goods'>): PackageBadge {
  if (pkg.goods.is_active_parent) return { look: 'offer', text: m.badge.activeParent };
  if (pkg.status === 'not_purchased') return { look: 'offer', text: pkg.goods.payment_text };
  return { look: 'status', text: m.badge[pkg.status] };
}
