import { createLoginFlow, getProfileId, type LoginFlow } from '@kadr/auth-session';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { config } from '../../env';
import { useIsMobile } from '../../shared/device';
import { useServices } from '../../shared/services';
import { useModalStore } from '../../shared/stores/modal-store';
import { type LoginActions, LoginModalView } from './login-modal-view';

/**
 * The login modal bound to `createLoginFlow` (SPEC §4 Login): rendered while the modal store says
 * open; on success it closes and reloads the page.
 */
export function LoginModal() {
  const services = useServices();
  const promptMode = useModalStore((state) => state.loginPromptMode);
  const closeLogin = useModalStore((state) => state.closeLogin);
  const mobile = useIsMobile();
  const [flow] = useState<LoginFlow>(() =>
    createLoginFlow({
      api: services.api,
      storage: services.storage,
      deviceUid: services.deviceUid,
      promptMode,
      onLoggedIn: () => {
        closeLogin();
        services.reload();
      },
    }),
  );
  // close(), not dispose(): it stops timers and drops the async attempt, yet leaves the flow usable if
  // React mounts this component again (StrictMode).
  useEffect(() => () => flow.close(), [flow]);
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
  const [actions] = useState<LoginActions>(() => ({
    setPhoneInput: (raw) => flow.setPhoneInput(raw),
    submitPhone: () => void flow.submitPhone(),
    setDigit: (index, digit) => void flow.setDigit(index, digit),
    resend: () => void flow.resend(),
    back: () => flow.back(),
  }));
  return (
    <LoginModalView
      open
      state={state}
      actions={actions}
      onClose={closeLogin}
      hasProfile={getProfileId(services.storage) !== null}
      layout={mobile ? 'mobile' : 'desktop'}
      supportEmail={config.supportEmail}
      agreementUrl={config.agreementUrl}
    />
  );
}
