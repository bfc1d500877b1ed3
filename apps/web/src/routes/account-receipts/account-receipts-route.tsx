import { Skeleton, VisuallyHidden } from '@kadr/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../shared/billing-format';
import { type Receipt, receiptsQuery } from '../../shared/data/billing';
import { useServices } from '../../shared/services';
import {
  AccountList,
  AccountPage,
  AccountPageEmpty,
  AccountPageFailed,
  accountOpensClass,
} from '../account/account-page';
import styles from './account-receipts.module.css';
import { receiptsMessages as m } from './messages';

/** A receipt opens only when it succeeded and has its link (SPEC §4, §5). */
export function opensReceipt(receipt: Receipt): receipt is Receipt & { url: string; registered_at: string } {
  return receipt.status === 'succeeded' && receipt.url !== null && receipt.registered_at !== null;
}

/**
 * `/account/receipts`, «Чеки» (SPEC §2, §4): succeeded receipts are links opening in a new tab, with
 * their registration date; the others show description and price only. Empty: 'Здесь будут чеки об оплате.'
 */
export function AccountReceiptsRoute() {
  const { api } = useServices();
  const query = useQuery(receiptsQuery(api));
  return (
    <AccountPage title={m.title} busy={query.isPending} narrow>
      {query.data ? (
        query.data.length === 0 ? (
          <AccountPageEmpty>{m.empty}</AccountPageEmpty>
        ) : (
          <AccountList label={m.list}>
            {query.data.map((receipt, index) => (
              // Receipts have no id of their own; the list is replaced whole on each load.
              <li key={index}>
                <ReceiptItem receipt={receipt} />
              </li>
            ))}
          </AccountList>
        )
      ) : query.isError ? (
        <AccountPageFailed text={m.failed} retry={m.retry} onRetry={() => void query.refetch()} />
      ) : (
        <ReceiptsSkeleton />
      )}
    </AccountPage>
  );
}

function ReceiptItem({ receipt }: { receipt: Receipt }) {
  const body = (
    <>
      <span className={styles.description}>{receipt.description}</span>
      <span className={styles.price}>{formatPrice(receipt.price)}</span>
    </>
  );
  if (!opensReceipt(receipt)) return <div className={styles.receipt}>{body}</div>;
  return (
    <a
      className={`${styles.receipt} ${accountOpensClass}`}
      href={receipt.url}
      target="_blank"
      rel="noopener noreferrer"
    >
      {body}
      <span className={styles.date}>
        {m.registered(receipt.registered_at)} <VisuallyHidden>{m.newTab}</VisuallyHidden>
      </span>
    </a>
  );
}

function ReceiptsSkeleton() {
  return (
    <>
      <VisuallyHidden role="status">{m.loading}</VisuallyHidden>
      <AccountList hidden>
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.receipt}>
            <Skeleton width="16em" />
            <Skeleton width="5em" />
          </li>
        ))}
      </AccountList>
    </>
  );
}
