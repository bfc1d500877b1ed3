import { dismissRegistrationPrompt, shouldShowRegistrationPrompt } from '@kadr/auth-session';
import { Button, IconButton, IconClose } from '@kadr/ui-kit';
import { useState } from 'react';
import { useHasBought } from '../../shared/data/billing';
import { useServices } from '../../shared/services';
import { useModalStore } from '../../shared/stores/modal-store';
import { useSessionStore } from '../../shared/stores/session-store';
import { promptMessages as m } from './messages';
import styles from './registration-prompt.module.css';

/**
 * The header registration prompt (SPEC §2, §6): shown to a visitor who is not logged in, has bought,
 * and has not closed it in this session. Its button opens the login modal in prompt mode.
 */
export function RegistrationPrompt() {
  const { storage, sessionStorage } = useServices();
  const hasBought = useHasBought();
  useSessionStore((state) => state.loggedIn); // re-evaluate when the session changes
  const openLogin = useModalStore((state) => state.openLogin);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || !shouldShowRegistrationPrompt({ storage, sessionStorage, hasBought, place: 'header' })) {
    return null;
  }
  return (
    <RegistrationPromptView
      onRegister={() => openLogin({ promptMode: true })}
      onDismiss={() => {
        dismissRegistrationPrompt({ sessionStorage, place: 'header' });
        setDismissed(true);
      }}
    />
  );
}

/** Props of {@link RegistrationPromptView}. */
export interface RegistrationPromptViewProps {
  onRegister: () => void;
  onDismiss: () => void;
}

/** The prompt strip itself. */
export function RegistrationPromptView({ onRegister, onDismiss }: RegistrationPromptViewProps) {
  return (
    <section className={styles.prompt} aria-label={m.text}>
      <p className={styles.text}>{m.text}</p>
      <Button size="s" onClick={onRegister}>
        {m.register}
      </Button>
      <IconButton label={m.dismiss} onClick={onDismiss}>
        <IconClose size={20} />
      </IconButton>
    </section>
  );
}
