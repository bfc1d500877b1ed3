import { lazy, Suspense } from 'react';
import { useModalStore } from '../../shared/stores/modal-store';

// The modal's code (and the flow) load on first open, not with the page.
const LoginModal = lazy(() => import('./login-modal').then((module) => ({ default: module.LoginModal })));

/** Renders the login modal while the modal store has it open. */
export function LoginModalHost() {
  const open = useModalStore((state) => state.loginOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
