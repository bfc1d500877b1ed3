import { NoticeDialog } from '../shared/notice-dialog';
import { useSessionStore } from '../shared/stores/session-store';
import { layoutMessages as m } from './layout/messages';

/**
 * The notice shown once after startup when the address carried a sign-in link's value that was
 * refused — invalid, expired or already used (SPEC §4 startup, docs/decisions/038): the viewer goes on
 * with the session startup gave them; ОК closes it.
 */
export function SignInLinkNotice() {
  const refused = useSessionStore((state) => state.signInLinkRefused);
  const dismiss = useSessionStore((state) => state.dismissSignInLinkNotice);
  if (!refused) return null;
  return <NoticeDialog text={m.signInLinkInvalid} onClose={dismiss} />;
}
