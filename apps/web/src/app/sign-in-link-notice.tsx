import { Button, Modal } from '@kadr/ui-kit';
import { useId } from 'react';
import { useSessionStore } from '../shared/stores/session-store';
import { layoutMessages as m } from './layout/messages';
import styles from './sign-in-link-notice.module.css';

/**
 * The notice shown once after startup when the address carried a sign-in link's value that was
 * refused — invalid, expired or already used (SPEC §4 startup, docs/decisions/038): the viewer goes on
 * with the session startup gave them; ОК closes it.
 */
export function SignInLinkNotice() {
  const refused = useSessionStore((state) => state.signInLinkRefused);
  const dismiss = useSessionStore((state) => state.dismissSignInLinkNotice);
  const textId = useId();
  if (!refused) return null;
  return (
    <Modal
      open
      onClose={dismiss}
      role="alertdialog"
      label={m.signInLinkInvalid}
      describedBy={textId}
      size="m"
      mobileLayout="centered"
      align="center"
      showClose={false}
      footer={
        <Button onClick={dismiss} autoFocus>
          {m.ok}
        </Button>
      }
    >
      <p id={textId} className={styles.text}>
        {m.signInLinkInvalid}
      </p>
    </Modal>
  );
}
