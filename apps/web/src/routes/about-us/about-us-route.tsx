import { buttonClass } from '@kadr/ui-kit';
import { useId } from 'react';
import { config } from '../../env';
import { useSessionStore } from '../../shared/stores/session-store';
import { screenMessages } from '../messages';
import styles from './about-us.module.css';
import { aboutMessages as m } from './messages';

/** The id of the feedback section: `/about_us#feedback` opens the page there. */
export const FEEDBACK_SECTION_ID = 'feedback';

/** A mailto link to `email` with a subject and the profile id as the letter's first line. */
export function aboutMailto(email: string, subject: string, profileId: number | null): string {
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(m.mailBody(profileId))}`;
  return `mailto:${email}?${query}`;
}

/**
 * `/about_us`: the static information page with every claim of SPEC §1 — 50 free channels and
 * thousands of HD films for every user, over 250 channels, an archive of at least three days on most
 * channels, downloads in the mobile app, casting on the same Wi-Fi — then the support address and the
 * feedback section (a letter to the same address with its own subject: docs/decisions/037).
 */
export function AboutUsRoute() {
  const profileId = useSessionStore((state) => state.profileId);
  const ids = useId();
  const featuresId = `${ids}-features`;
  const supportId = `${ids}-support`;
  const feedbackId = `${ids}-feedback`;
  return (
    <article className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>{screenMessages.aboutUs}</h1>
        <p className={styles.lead}>{m.lead}</p>
      </header>

      <section aria-labelledby={featuresId}>
        <h2 id={featuresId} className={styles.sectionTitle}>
          {m.featuresTitle}
        </h2>
        <ul className={styles.features}>
          {m.features.map((feature) => (
            <li key={feature.key} className={styles.feature}>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className={styles.contacts}>
        <section aria-labelledby={supportId} className={styles.contact}>
          <h2 id={supportId} className={styles.sectionTitle}>
            {m.supportTitle}
          </h2>
          <p>
            {m.supportText}{' '}
            <a className={styles.link} href={aboutMailto(config.supportEmail, m.supportSubject, profileId)}>
              {config.supportEmail}
            </a>
          </p>
        </section>

        <section id={FEEDBACK_SECTION_ID} aria-labelledby={feedbackId} className={styles.contact}>
          <h2 id={feedbackId} className={styles.sectionTitle}>
            {m.feedbackTitle}
          </h2>
          <p>{m.feedbackText}</p>
          {/* A link dressed as the kit's secondary button: it opens the mail app, not an action here. */}
          <a
            className={buttonClass('secondary')}
            href={aboutMailto(config.supportEmail, m.feedbackSubject, profileId)}
          >
            {m.feedbackAction}
          </a>
        </section>
      </div>
    </article>
  );
}
