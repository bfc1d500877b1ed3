import { DefaultLink, type LinkComponent } from '../link.js';
import { uiMessages } from '../messages.js';
import styles from './footer.module.css';

/** A footer link: an in-app path, or an external address opened in a new tab. */
export interface FooterLink {
  /** Visible text. */
  label: string;
  /** Path or URL. */
  href: string;
  /** Opens outside the app (new tab). */
  external?: boolean;
}

/** Where an external web page opens: a new tab, with no access back to this one. */
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * Whether an address is a web page (http or https). A store's deep link (LG's app scheme) is not: it is
 * handed to the app that owns the scheme, and in a new tab it would leave a blank tab behind.
 */
const opensWebPage = (href: string) => /^https?:/i.test(href);

/** Props of {@link Footer}. */
export interface FooterProps {
  /** Text links: О нас, privacy policy, user agreement. */
  links: readonly FooterLink[];
  /** The support address, shown as a mailto link. */
  supportEmail: string;
  /** Store badges of the mobile apps (five stores). */
  mobileStores: readonly FooterLink[];
  /**
   * Store badges of the TV apps (five platforms; a deep link where a store has one). Web addresses open
   * in a new tab; a deep link (another scheme) opens in place, for the app that owns it.
   */
  tvPlatforms: readonly FooterLink[];
  /** The profile id, when a session exists. */
  profileId?: string | number | null;
  /** The app version. */
  version: string;
  /** The copyright line. */
  copyright: string;
  /** Renders in-app links (e.g. a router link); a plain anchor by default. */
  LinkComponent?: LinkComponent;
  /** Overrides of the section titles and captions. */
  labels?: Partial<typeof uiMessages.footer>;
}

/** The site footer: links, support e-mail, app store badges, profile id, version and copyright. */
export function Footer({
  links,
  supportEmail,
  mobileStores,
  tvPlatforms,
  profileId,
  version,
  copyright,
  LinkComponent = DefaultLink,
  labels,
}: FooterProps) {
  const text = { ...uiMessages.footer, ...labels };
  const renderLink = (link: FooterLink, className: string) =>
    link.external ? (
      <a href={link.href} className={className} {...(opensWebPage(link.href) ? NEW_TAB : {})}>
        {link.label}
      </a>
    ) : (
      <LinkComponent href={link.href} className={className}>
        {link.label}
      </LinkComponent>
    );
  const badges = (title: string, list: readonly FooterLink[]) => (
    <section className={styles.stores} aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.badges}>
        {list.map((store) => (
          <li key={store.label}>
            {renderLink({ ...store, external: store.external ?? true }, styles.badge ?? '')}
          </li>
        ))}
      </ul>
    </section>
  );
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <nav aria-label={text.support} className={styles.links}>
            <ul className={styles.linkList}>
              {links.map((link) => (
                <li key={link.href}>{renderLink(link, styles.link ?? '')}</li>
              ))}
              <li>
                <span className={styles.caption}>{text.support}: </span>
                <a href={`mailto:${supportEmail}`} className={styles.link}>
                  {supportEmail}
                </a>
              </li>
            </ul>
          </nav>
          {badges(text.apps, mobileStores)}
          {badges(text.tv, tvPlatforms)}
        </div>
        <div className={styles.meta}>
          {profileId != null && profileId !== '' && (
            <span>
              {text.profileId}: {profileId}
            </span>
          )}
          <span>
            {text.version} {version}
          </span>
          <span>{copyright}</span>
        </div>
      </div>
    </footer>
  );
}
