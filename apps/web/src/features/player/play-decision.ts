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
}

/**
 * SPEC §4: a guest (AUTH 'false') who has bought and has not closed the registration prompt in this
 * session sees the prompt; else previewable or bought goods start the player; else the purchase page.
 */
export function decidePlay({ goods, storage, sessionStorage }: PlayDecisionInput): PlayDecision {
  if (shouldShowRegistrationPrompt({ storage, sessionStorage, hasBought: goods.is_bought, place: 'movie' })) {
    return 'registration-prompt';
  }
  if (goods.is_preview || goods.is_bought) return 'play';
  return 'purchase';
}

/** Address of a package's purchase page (SPEC §2: a purchase leads to /account/packages/{id}/). */
export function purchasePath(packageId: number): string {
  return `/account/packages/${packageId}/`;
}
