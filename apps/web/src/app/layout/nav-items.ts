import type { BottomBarItem, FooterLink, HeaderNavItem } from '@kadr/ui-kit';
import { config } from '../../env';
import { layoutMessages as m } from './messages';

/** Header links (desktop). */
export const headerItems: HeaderNavItem[] = [
  { key: 'catalogue', label: m.catalogue, href: '/' },
  { key: 'tv', label: m.tv, href: '/tv' },
  { key: 'packages', label: m.packages, href: '/account/packages' },
];

/** The Меню link at the end of the desktop header. */
export const menuItem: HeaderNavItem = { key: 'menu', label: m.menu, href: '/account' };

/** Bottom bar (mobile): catalogue, TV, subscriptions, menu. */
export const bottomBarItems: BottomBarItem[] = [
  { key: 'catalogue', label: m.catalogue, href: '/', icon: 'catalogue' },
  { key: 'tv', label: m.tv, href: '/tv', icon: 'tv' },
  { key: 'packages', label: m.packages, href: '/account/packages', icon: 'subscriptions' },
  { key: 'menu', label: m.menu, href: '/account', icon: 'menu' },
];

/** The navigation section of a path, for the active link. */
export function sectionOf(pathname: string): string | undefined {
  if (pathname === '/' || pathname === '') return 'catalogue';
  if (pathname === '/tv' || pathname.startsWith('/tv/')) return 'tv';
  if (pathname.startsWith('/account/packages')) return 'packages';
  if (pathname.startsWith('/account')) return 'menu';
  return undefined;
}

/** Footer text links. */
export const footerLinks: FooterLink[] = [
  { label: m.aboutUs, href: '/about_us' },
  { label: m.privacy, href: config.privacyUrl, external: true },
  { label: m.agreement, href: config.agreementUrl, external: true },
];

/** Five mobile stores (SPEC §2 Footer): one list, shared with the player's offline prompt. */
export { mobileStores } from '../../shared/app-stores';

/** Five TV platforms; LG opens a store deep link (SPEC §2 Footer). */
export const tvPlatforms: FooterLink[] = [
  { label: 'Samsung Smart TV', href: 'https://www.samsung.com/ru/apps/' },
  { label: 'LG Smart TV', href: config.lgStoreUrl },
  { label: 'Android TV', href: 'https://play.google.com/store/apps' },
  { label: 'Apple TV', href: 'https://apps.apple.com/' },
  { label: 'Яндекс ТВ', href: 'https://tv.yandex.ru/' },
];
