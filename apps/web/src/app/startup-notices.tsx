import { NewVisitsNotice } from './new-visits-notice';
import { SignInLinkNotice } from './sign-in-link-notice';

/** The notices the start may leave (each shows only when due): one lazily loaded chunk for both. */
export function StartupNotices() {
  return (
    <>
      <SignInLinkNotice />
      <NewVisitsNotice />
    </>
  );
}
