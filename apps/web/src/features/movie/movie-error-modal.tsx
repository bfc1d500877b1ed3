import { ErrorModal } from '@kadr/ui-kit';
import { KitLink } from '../../shared/navigation/query-link';

/** The content card's error modal (SPEC §2, §8): «Что-то пошло не так :(» with a link home. */
export function MovieErrorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <ErrorModal open={open} homeHref="/" onClose={onClose} LinkComponent={KitLink} />;
}
