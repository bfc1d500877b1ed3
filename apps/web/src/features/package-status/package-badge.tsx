import type { PackageStatus } from '@kadr/api-contract';
import { packageStatusMessages as m } from './messages';
import styles from './package-badge.module.css';

/** A package's badge: its look and its text. */
export interface PackageBadgeView {
  /**
   * `offer` for packages the viewer can act on by buying (not_purchased) or that come with a bought
   * parent (active parent) — the SPEC's "different badge"; `status` for the rest.
   */
  look: 'offer' | 'status';
  text: string;
}

/** What a badge is worked out from. */
export interface BadgeInput {
  status: PackageStatus;
  /** A bought parent holds the package (goods.is_active_parent). */
  isActiveParent: boolean;
  /** The price line a package not bought shows (the list's goods.payment_text). */
  offer: string;
}

/**
 * The badge of a package, in the list and on its page (SPEC §4: status decides the badge look;
 * not_purchased and active-parent packages get a different one). An active parent wins over the
 * status: the package is held through it.
 */
export function badgeOf({ status, isActiveParent, offer }: BadgeInput): PackageBadgeView {
  if (isActiveParent) return { look: 'offer', text: m.activeParent };
  if (status === 'not_purchased') return { look: 'offer', text: offer };
  return { look: 'status', text: m[status] };
}

/** Props of {@link PackageBadge}. */
export interface PackageBadgeProps {
  badge: PackageBadgeView;
  /** The place of the badge in its layout (the look is the badge's own). */
  className?: string;
}

/** A package's badge: accent for an offer, outlined for a status («Подключена», «Отменена», …). */
export function PackageBadge({ badge, className }: PackageBadgeProps) {
  return (
    <span
      className={[styles.badge, badge.look === 'offer' ? styles.offer : styles.status, className]
        .filter(Boolean)
        .join(' ')}
      data-look={badge.look}
    >
      {badge.text}
    </span>
  );
}
