import { dismissRegistrationPrompt } from '@kadr/auth-session';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { Content } from '../../shared/catalogue-types';
import { hasBoughtInCache } from '../../shared/data/billing';
import { useQueryNavigate } from '../../shared/navigation/query-link';
import { useServices } from '../../shared/services';
import { useModalStore } from '../../shared/stores/modal-store';
import { decidePlay, purchasePath } from './play-decision';
import type { PlayerRequest } from './player-block';

/** What the card shows in the player's place. */
export type PlayerStage =
  | { kind: 'closed' }
  | { kind: 'prompt' }
  | { kind: 'player'; request: PlayerRequest };

/** The card's play actions and what they opened. */
export interface PlayLogic {
  stage: PlayerStage;
  /** Смотреть: prompt, player or purchase page (SPEC §4 play logic). */
  watch: () => void;
  /** Трейлер: the trailer episode plays (free, no prompt). */
  trailer: () => void;
  close: () => void;
  /** The prompt's register button: the login modal in prompt mode. */
  register: () => void;
  /** The prompt is closed for this session, and the player starts. */
  skipPrompt: () => void;
}

/** SPEC §4 play logic for one content card. */
export function usePlayLogic(content: Content): PlayLogic {
  const { storage, sessionStorage, queryClient } = useServices();
  const openLogin = useModalStore((state) => state.openLogin);
  const navigate = useQueryNavigate();
  const { pathname } = useLocation();
  const [stage, setStage] = useState<PlayerStage>({ kind: 'closed' });
  return {
    stage,
    watch: () => {
      const decision = decidePlay({
        goods: content.goods,
        storage,
        sessionStorage,
        // The subscription list the header's prompt loads for guests; read, not loaded, on a click.
        holdsPackage: hasBoughtInCache(queryClient),
      });
      if (decision === 'registration-prompt') setStage({ kind: 'prompt' });
      else if (decision === 'play') setStage({ kind: 'player', request: 'movie' });
      else navigate(purchasePath(content.goods.package_id), { state: { returnPathname: pathname } });
    },
    trailer: () => setStage({ kind: 'player', request: 'trailer' }),
    close: () => setStage({ kind: 'closed' }),
    register: () => openLogin({ promptMode: true }),
    skipPrompt: () => {
      dismissRegistrationPrompt({ sessionStorage, place: 'movie' });
      setStage({ kind: 'player', request: 'movie' });
    },
  };
}
