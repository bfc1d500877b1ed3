import type { FooterLink } from '@kadr/ui-kit';

/**
 * The five mobile app stores (SPEC §2 Footer), the one list of their links: the footer shows all five
 * and the player's offline-download prompt four of them (docs/decisions/037, 039). Each goes to the
 * store's front page until the app is published there.
 */
export const mobileStores: readonly FooterLink[] = [
  { label: 'App Store', href: 'https://apps.apple.com/' },
  { label: 'Google Play', href: 'https://play.google.com/store' },
  { label: 'AppGallery', href: 'https://appgallery.huawei.com/' },
  { label: 'RuStore', href: 'https://www.rustore.ru/' },
  { label: 'Galaxy Store', href: 'https://galaxystore.samsung.com/' },
];

/**
 * The four stores of the offline-download prompt (SPEC §1 "four app stores"): App Store, Google Play,
 * AppGallery and RuStore — every phone sold in Russia has one of them; Galaxy Store is left out because
 * Samsung phones also have Google Play (docs/decisions/039).
 */
export const offlinePromptStores: readonly FooterLink[] = mobileStores.filter(
  (store) => store.label !== 'Galaxy Store',
);
