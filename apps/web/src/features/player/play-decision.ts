import { type StorageLike, shouldShowRegistrationPrompt } from '@kadr/auth-session';
import type { Goods } from '../../shared/catalogue-types';

/** What pressing Смотреть does (SPEC §4 play logic). */
export type PlayDecision =
  /** A guest who bought sees the registration prompt first (not yet closed in this session). */
  | 'registration-prompt'
  /** The player starts: a preview for non-buyers of previewable goods, the full video for buyers. */
  | 'play'
  /** Neither previewable nor bought: the package purchase page. */
  | 'purchase';

/** Inputs of {@link decidePlay}. */
export interface PlayDecisionInput {
  goods: Pick<Goods, 'is_bought' | 'is_preview'>;
  /** Local storage (AUTH). */
  storage: StorageLike;
  /** Session storage (promptOpenMovie). */
  sessionStorage: StorageLike;
  /** The visitor holds some package (the subscription list), not only this content's. */
  holdsPackage?: boolean;
}

/**
 * SPEC §4: a guest (AUTH 'false') who has bought — this content's package or any other, the same
 * "already bought a package" as the header prompt (SPEC §6) — and has not closed the registration
 * prompt in this session sees the prompt; else previewable or bought goods start the player; else the
 * purchase page.
 */
export function decidePlay({
  goods,
  storage,
  sessionStorage,
  holdsPackage = false,
}: PlayDecisionInput): PlayDecision {
  const hasBought = goods.is_bought || holdsPackage;
  if (shouldShowRegistrationPrompt({ storage, sessionStorage, hasBought, place: 'movie' })) {
    return 'registration-prompt';
  }
  if (goods.is_preview || goods.is_bought) return 'play';
  return 'purchase';
}

/** Address of a package's purchase page (SPEC §2: a purchase leads to /account/packages/{id}/). */
export function purchasePath(packageId: number): string {
  return `/account/packages/${packageId}/`;
}
