import { LazyImage, Skeleton, VisuallyHidden } from '@kadr/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { badgeOf, PackageBadge } from '../../features/package-status/package-badge';
import { type PackageSummary, packagesQuery } from '../../shared/data/billing';
import { useIsMobile } from '../../shared/device';
import { QueryLink } from '../../shared/navigation/query-link';
import { useServices } from '../../shared/services';
import { AccountPage, AccountPageEmpty, AccountPageFailed, accountOpensClass } from '../account/account-page';
import styles from './account-packages.module.css';
import { packagesMessages as m } from './messages';

/** The wide poster's intrinsic size (16:9). */
const POSTER = { width: 640, height: 360 } as const;

/**
 * `/account/packages`: the package list (SPEC §2) in two sections, «Пакеты подписок» (parents) and
 * «Отдельные пакеты» (individual; on desktop the first 3 in the first row). Each card links to its
 * package, carrying the query string.
 */
export function AccountPackagesRoute() {
  const { api } = useServices();
  const query = useQuery(packagesQuery(api));
  const desktop = !useIsMobile();
  return (
    <AccountPage
      title={m.title}
      busy={query.isPending}
      spacious
      className={desktop ? styles.desktop : undefined}
    >
      {query.data ? (
        <PackageSections packages={query.data} />
      ) : query.isError ? (
        <AccountPageFailed text={m.failed} retry={m.retry} onRetry={() => void query.refetch()} />
      ) : (
        <PackagesSkeleton />
      )}
    </AccountPage>
  );
}

function PackageSections({ packages }: { packages: readonly PackageSummary[] }) {
  const parents = packages.filter((pkg) => pkg.is_parent === 1);
  const individual = packages.filter((pkg) => pkg.is_parent === 0);
  if (packages.length === 0) return <AccountPageEmpty>{m.empty}</AccountPageEmpty>;
  return (
    <>
      {parents.length > 0 && <PackageSection title={m.parents} packages={parents} kind="parents" />}
      {individual.length > 0 && (
        <PackageSection title={m.individual} packages={individual} kind="individual" />
      )}
    </>
  );
}

function PackageSection({
  title,
  packages,
  kind,
}: {
  title: string;
  packages: readonly PackageSummary[];
  kind: 'parents' | 'individual';
}) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {title}
      </h3>
      <ul className={[styles.list, styles[kind]].join(' ')}>
        {packages.map((pkg) => (
          <li key={pkg.package_id}>
            <PackageCard pkg={pkg} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A list card: poster, name, short offer and the status badge, linking to the package. */
export function PackageCard({ pkg }: { pkg: PackageSummary }) {
  const badge = badgeOf({
    status: pkg.status,
    isActiveParent: pkg.goods.is_active_parent,
    offer: pkg.goods.payment_text,
  });
  return (
    <QueryLink to={`/account/packages/${pkg.package_id}`} className={`${styles.card} ${accountOpensClass}`}>
      <LazyImage src={pkg.wide_poster_url} alt="" width={POSTER.width} height={POSTER.height} />
      <div className={styles.body}>
        <h4 className={styles.name}>{pkg.package_name}</h4>
        {pkg.short_offer && <p className={styles.offer}>{pkg.short_offer}</p>}
        <PackageBadge badge={badge} className={styles.badge} />
      </div>
    </QueryLink>
  );
}

/** The loading state in the layout of the content: both sections with their cards' boxes. */
function PackagesSkeleton() {
  return (
    <>
      <VisuallyHidden role="status">{m.loading}</VisuallyHidden>
      {([2, 5] as const).map((count, section) => (
        <div key={count} className={styles.section} aria-hidden="true">
          <Skeleton width="40%" height="1.5em" />
          <ul className={[styles.list, section === 0 ? styles.parents : styles.individual].join(' ')}>
            {Array.from({ length: count }, (_, i) => (
              <li key={i}>
                <div className={styles.card}>
                  <Skeleton shape="block" width="100%" height="auto" className={styles.posterSkeleton} />
                  <div className={styles.body}>
                    <Skeleton width="60%" />
                    <Skeleton width="90%" />
                    <Skeleton width="40%" shape="round" height="1.75em" />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
