// Page sizes and limits of the SPEC (§5, §9) as plain numbers: the call schemas use them, and the
// zod-free `@kadr/api-contract/routes` entry exports them for browser bundles.

/** Rail sizes (SPEC §9): 15 items, 40 on the channel tab. */
export const COLLECTION_PAGE_SIZE = 15;
/** Rail size of the channel tab (SPEC §9). */
export const CHANNEL_COLLECTION_PAGE_SIZE = 40;
/** Similar-content page size (SPEC §9). */
export const SIMILAR_LIMIT = 30;
/** Search starts at 3 characters (SPEC §5, §9). */
export const SEARCH_MIN_LENGTH = 3;
/** Schedule horizon (SPEC §9): today plus 6 days, one call per day. */
export const SCHEDULE_DAYS = 7;
/**
 * The trial's card check (Kadr's, docs/decisions/015): starting a trial charges this many whole roubles,
 * which binds the card the renewal will charge (the provider takes no zero amounts). The package and
 * payment screens say so before paying (docs/decisions/059).
 */
export const TRIAL_CHARGE_ROUBLES = 1;
/** Page size of the viewing lists («Продолжить просмотр», history, «Буду смотреть»; Kadr's, decision 055). */
export const VIEWING_PAGE_SIZE = 20;
/** The largest page a viewing list answers. */
export const VIEWING_PAGE_SIZE_MAX = 50;
