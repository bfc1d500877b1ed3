import { ApiCode } from '@kadr/api-contract/routes';
import { Button, Skeleton, VisuallyHidden } from '@kadr/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type CardList, cardsQuery } from '../../shared/data/billing';
import { NoticeDialog } from '../../shared/notice-dialog';
import { useServices } from '../../shared/services';
import { AccountList, AccountPage, AccountPageEmpty, AccountPageFailed } from '../account/account-page';
import styles from './account-cards.module.css';
import { cardsMessages as m } from './messages';

type Card = CardList['cards'][number];

/** The notice after a delete: done (ОК reloads the list), refused (SPEC §8), or failed otherwise. */
type Notice = 'deleted' | 'refused' | 'failed';

/** A card's digits as shown: the first six when known, then the masked rest («4242 42•• •••• 4242»). */
export function cardDigits(card: Card): string | null {
  if (!card.first) return null;
  const last = card.number.replace(/\D/g, '').slice(-4);
  return `${card.first.slice(0, 4)} ${card.first.slice(4)}•• •••• ${last}`;
}

/**
 * `/account/cards`: the saved cards (getCardList) with a delete action each (SPEC §2, §4, §8). Deleting
 * is refused while a package is cancelled or confirmed (the api answers code 424, shown with the
 * SPEC's text); a deleted card shows 'Платежное средство удалено.', whose ОК reloads the list.
 */
export function AccountCardsRoute() {
  const { api } = useServices();
  const query = useQuery(cardsQuery(api));
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const remove = async (card: Card) => {
    setDeleting(card.number);
    try {
      await api.call('deleteCard', { body: { card_number: card.number } });
      setNotice('deleted');
    } catch (error) {
      const refused = (error as { code?: number }).code === ApiCode.FAILED_DEPENDENCY;
      if (!refused) console.error('[billing] deleteCard failed', error);
      setNotice(refused ? 'refused' : 'failed');
    } finally {
      setDeleting(null);
    }
  };

  const closeNotice = () => {
    if (notice === 'deleted') void query.refetch();
    setNotice(null);
  };

  return (
    <AccountPage title={m.title} busy={query.isPending} narrow>
      {query.data ? (
        <CardsList cards={query.data.cards} deleting={deleting} onDelete={(card) => void remove(card)} />
      ) : query.isError ? (
        <AccountPageFailed text={m.failed} retry={m.retry} onRetry={() => void query.refetch()} />
      ) : (
        <CardsSkeleton />
      )}
      <CardNotice notice={notice} onClose={closeNotice} />
    </AccountPage>
  );
}

function CardsList({
  cards,
  deleting,
  onDelete,
}: {
  cards: readonly Card[];
  deleting: string | null;
  onDelete: (card: Card) => void;
}) {
  if (cards.length === 0) return <AccountPageEmpty>{m.noCard}</AccountPageEmpty>;
  return (
    <>
      <AccountList label={m.list}>
        {cards.map((card) => {
          const digits = cardDigits(card);
          return (
            <li key={card.number} className={styles.card}>
              <div className={styles.cardText}>
                <span className={styles.number}>{m.card(card.number)}</span>
                {digits && <span className={styles.digits}>{digits}</span>}
              </div>
              <Button
                variant="secondary"
                size="s"
                aria-label={m.deleteLabel(card.number)}
                loading={deleting === card.number}
                disabled={deleting !== null && deleting !== card.number}
                onClick={() => onDelete(card)}
              >
                {m.delete}
              </Button>
            </li>
          );
        })}
      </AccountList>
      <p className={styles.note}>{m.note}</p>
    </>
  );
}

/** The notice after a delete: done, refused or failed; ОК closes it. */
function CardNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  if (!notice) return null;
  const text = notice === 'deleted' ? m.deleted : notice === 'refused' ? m.refused : m.deleteFailed;
  return <NoticeDialog text={text} onClose={onClose} />;
}

function CardsSkeleton() {
  return (
    <>
      <VisuallyHidden role="status">{m.loading}</VisuallyHidden>
      <AccountList hidden>
        {[0, 1].map((i) => (
          <li key={i} className={styles.card}>
            <Skeleton width="12em" />
            <Skeleton shape="round" width="6em" height="2.25em" />
          </li>
        ))}
      </AccountList>
    </>
  );
}
