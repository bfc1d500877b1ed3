import type { CancelReason } from '@kadr/api-contract';
import { ApiCode } from '@kadr/api-contract/routes';
import { Button, LazyImage, Skeleton, VisuallyHidden } from '@kadr/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { trialCheckText } from '../../features/payment/messages';
import { PaymentOverlay } from '../../features/payment/payment-overlay';
import { type PackageInfo, packageQuery, refreshAfterBilling } from '../../shared/data/billing';
import { QueryLink, withQuery } from '../../shared/navigation/query-link';
import { usePageName } from '../../shared/page-name';
import { useServices } from '../../shared/services';
import { SectionHeader } from '../account/account-page';
import styles from './account-package.module.css';
import { packageMessages as m } from './messages';
import { type NoticeDialog, PackageDialogs } from './package-dialogs';
import {
  afterReasons,
  contentIdOf,
  disabledReason,
  firstCancelDialog,
  mainActionOf,
  mainButtonText,
  showsPayInfo,
  showsTrialCheck,
} from './package-flow';
import { PackageStanding, standingOf } from './package-standing';

/** The wide poster's intrinsic size (16:9). */
const POSTER = { width: 1280, height: 720 } as const;

/** The sentence under a disabled main button, saying why. */
const disabledNotes = {
  activeParent: m.activeParentNote,
  hand: m.handNote,
  store: m.storeOnlyNote,
} as const;

/** Navigation state a purchase page is opened with (SPEC §2: a purchase carries returnPathname). */
export interface PurchaseState {
  /** The page to return to after a confirmed payment (e.g. the content card). */
  returnPathname?: string;
}

function returnPathnameOf(state: unknown): string | undefined {
  const value = (state as PurchaseState | null)?.returnPathname;
  return typeof value === 'string' && value.startsWith('/') ? value : undefined;
}

/** `/account/packages/{package_id}`: package detail, buy, cancel and restore (SPEC §2, §4). */
export function AccountPackageRoute() {
  const { package_id = '' } = useParams();
  const packageId = Number(package_id);
  const { api } = useServices();
  const valid = Number.isInteger(packageId) && packageId > 0;
  const query = useQuery({ ...packageQuery(api, packageId), enabled: valid });
  usePageName(query.data?.package_name);

  if (query.data) return <PackageDetail key={packageId} info={query.data} />;
  const notFound = !valid || (query.error as { code?: number } | null)?.code === ApiCode.NOT_FOUND;
  if (notFound || query.isError) {
    return (
      <div className={styles.page}>
        <SectionHeader title={m.toList} />
        <div className={styles.state} role="alert">
          <p>{notFound ? m.notFound : m.failed}</p>
          {notFound ? (
            <QueryLink to="/account/packages" className={styles.link}>
              {m.toList}
            </QueryLink>
          ) : (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {m.retry}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return <PackageSkeleton />;
}

/** The detail of a loaded package, its main button and its dialogs. */
export function PackageDetail({ info }: { info: PackageInfo }) {
  const { api, queryClient } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPathname = returnPathnameOf(location.state);
  const [dialog, setDialog] = useState<NoticeDialog | 'pay' | null>(null);
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const { goods } = info;
  const tariff = goods.tariffs[0];
  const action = mainActionOf(goods.status);
  const disabled = disabledReason(goods);
  const trial = goods.actions[0] === 'cancel_trial_package';
  const mainButtonId = useId();
  const trialCheckId = useId();
  const trialCheck = showsTrialCheck(goods);
  const describedBy = [disabled ? noteId : null, trialCheck ? trialCheckId : null].filter(Boolean).join(' ');

  // When the last dialog closes the focus goes back to the main button (accessibility): the
  // dialog would return it to the element focused when it opened, which is the page itself when the
  // button was busy (restore) at that moment. Runs after the dialog's own clean-up.
  const hadDialog = useRef(false);
  useEffect(() => {
    if (dialog !== null) hadDialog.current = true;
    else if (hadDialog.current) {
      hadDialog.current = false;
      document.getElementById(mainButtonId)?.focus();
    }
  }, [dialog, mainButtonId]);

  // A billing call: the button busy while it runs, then its dialog; the billing data is read again either way.
  const settle = async (
    name: string,
    call: () => Promise<unknown>,
    done: NoticeDialog,
    failed: NoticeDialog,
  ) => {
    setBusy(true);
    try {
      await call();
      setDialog(done);
    } catch (error) {
      console.error(`[billing] ${name} failed`, error);
      setDialog(failed);
    } finally {
      setBusy(false);
      void refreshAfterBilling(queryClient);
    }
  };
  const cancel = () =>
    settle(
      'cancel',
      () =>
        api.call('unsubscribePackage', {
          body: { package_id: info.package_id, ...(reason ? { reason } : {}) },
        }),
      'successCancel',
      'cancelFailed',
    );
  const restore = () =>
    settle(
      'restore',
      () => api.call('restorePackage', { body: { package_id: info.package_id } }),
      'successRestore',
      'restoreFailed',
    );

  const press = () => {
    if (action === 'pay') setDialog('pay');
    else if (action === 'restore') void restore();
    else {
      setReason(null);
      setDialog(firstCancelDialog(goods.actions));
    }
  };

  // SPEC §4 Payment, confirmed: back in history to the page the purchase started from (its data
  // refetched, so it shows what was bought), or, opened directly, this page with its new status.
  const paid = () => {
    setDialog(null);
    void refreshAfterBilling(queryClient);
    if (!returnPathname) return;
    if (location.key !== 'default') navigate(-1);
    else navigate(withQuery(returnPathname, location.search), { replace: true });
  };

  // «Ок» after a cancel returns back (SPEC §4).
  const back = () => {
    setDialog(null);
    if (location.key !== 'default') navigate(-1);
    else navigate({ pathname: '/account/packages', search: location.search });
  };

  return (
    <article className={styles.page} aria-labelledby={`${noteId}-title`}>
      <SectionHeader title={info.package_name} id={`${noteId}-title`} />
      <div className={styles.poster}>
        <LazyImage src={info.wide_poster_url} alt="" width={POSTER.width} height={POSTER.height} priority />
      </div>
      {info.short_offer && <p className={styles.offer}>{info.short_offer}</p>}
      {/* The clock of this render (a trial's days left): the page renders again with each new answer. */}
      <PackageStanding standing={standingOf(goods, Date.now())} />
      <div className={styles.actions}>
        <Button
          id={mainButtonId}
          onClick={press}
          disabled={disabled !== null}
          loading={busy && action === 'restore'}
          aria-describedby={describedBy || undefined}
        >
          {mainButtonText(goods)}
        </Button>
        {trialCheck && (
          <p id={trialCheckId} className={styles.payInfo}>
            {trialCheckText(goods.cost)}
          </p>
        )}
        {showsPayInfo(goods.status) && tariff?.pay_info && (
          <p className={styles.payInfo}>{tariff.pay_info}</p>
        )}
        {disabled && (
          <p id={noteId} className={styles.note}>
            {disabledNotes[disabled]}
          </p>
        )}
      </div>
      <PackageDialogs
        dialog={dialog === 'pay' ? null : dialog}
        goods={goods}
        reason={reason}
        onReason={setReason}
        trial={trial}
        busy={busy}
        onToReasons={() => setDialog('pageTwo')}
        onReasonsDone={() => {
          if (afterReasons(trial) === 'trialConfirm') setDialog('trialConfirm');
          else void cancel();
        }}
        onConfirmTrial={() => void cancel()}
        onClose={() => setDialog(null)}
        onCancelled={back}
      />
      {dialog === 'pay' && (
        <PaymentOverlay
          packageId={info.package_id}
          texts={tariff?.texts ?? []}
          trial={goods.is_trial ? { cost: goods.cost } : undefined}
          source={{ goal: 'EK_BUY_SUCCESS', EK_id: contentIdOf(returnPathname) }}
          onClose={() => setDialog(null)}
          onConfirmed={paid}
        />
      )}
    </article>
  );
}

/** The loading state in the layout of the detail: heading, poster, offer, the badge and the button. */
function PackageSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <VisuallyHidden role="status">{m.loading}</VisuallyHidden>
      <Skeleton width="50%" height="2em" />
      <div className={styles.poster}>
        <Skeleton shape="block" width="100%" height="100%" />
      </div>
      <Skeleton width="70%" />
      <Skeleton shape="round" width="8em" height="1.75em" />
      <Skeleton shape="round" width="14em" height="2.75em" />
    </div>
  );
}
