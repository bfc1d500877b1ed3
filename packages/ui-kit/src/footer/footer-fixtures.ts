import type { FooterProps } from './footer.js';

/** Example footer props for tests and stories. */
export const footerFixture: FooterProps = {
  links: [
    { label: 'О нас', href: '/about_us' },
    { label: 'Политика конфиденциальности', href: 'https://kadr.example/privacy', external: true },
    { label: 'Пользовательское соглашение', href: 'https://kadr.example/agreement', external: true },
  ],
  supportEmail: 'support@kadr.example',
  mobileStores: [
    { label: 'App Store', href: 'https://apps.apple.com/' },
    { label: 'Google Play', href: 'https://play.google.com/' },
    { label: 'AppGallery', href: 'https://appgallery.huawei.com/' },
    { label: 'RuStore', href: 'https://www.rustore.ru/' },
    { label: 'Galaxy Store', href: 'https://galaxystore.samsung.com/' },
  ],
  tvPlatforms: [
    { label: 'Samsung Smart TV', href: 'https://www.samsung.com/apps/' },
    { label: 'LG Smart TV', href: 'lgwebos://store/kadr' },
    { label: 'Android TV', href: 'https://play.google.com/store/apps/' },
    { label: 'Apple TV', href: 'https://apps.apple.com/' },
    { label: 'Яндекс ТВ', href: 'https://tv.yandex.ru/' },
  ],
  profileId: 1042,
  version: '99',
  copyright: '© 2026 Кадр',
};
