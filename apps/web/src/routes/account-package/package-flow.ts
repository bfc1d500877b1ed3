import type { CancelReason } from '@kadr/api-contract';
import type { Goods } from '../../shared/catalogue-types';
import { packageMessages as m } from './messages';

/**
 * The reasons of the reasons page, in the order shown. The contract's CANCEL_REASONS sits in its zod
 * entry, which the browser bundle does not import; the type ties this list to it (messages.ts has a
 * text for each, checked by `satisfies`).
 */
export const CANCEL_REASONS: readonly CancelReason[] = ['rarely_use', 'technical_problems', 'price'];

/**
 * The dialogs of the package detail (SPEC §4: "page-one/two, first-hours, trial, successCancel, pay
 * and successRestore are the flags of the detail screen"), plus the two failure notices, which are ours.
 */
export type PackageDialog =
  | 'pageOne'
  | 'pageTwo'
  | 'firstHours'
  | 'trial'
  | 'trialConfirm'
  | 'successCancel'
  | 'successRestore'
  | 'pay'
  | 'cancelFailed'
  | 'restoreFailed';

/** What the main button does, by status (SPEC §4 Package status and main button). */
export type MainAction = 'pay' | 'cancel' | 'restore';

/** not_purchased pays, confirmed or suspended cancels, cancelled restores. */
export function mainActionOf(status: Goods['status']): MainAction {
  if (status === 'not_purchased') return 'pay';
  if (status === 'cancelled') return 'restore';
  return 'cancel';
}

/**
 * The main button's text, named for what it does (docs/decisions/059; SPEC §2 shows the tariff's
 * pay_text, which the catalogue words as an offer — «Оформить за 249 ₽» — whatever the status): the
 * pay_text to buy; «Отменить подписку» (a trial: «Отключить бесплатный период») to open the
 * cancellation flow; «Управление подпиской» for a store's subscription, whose page one only says where
 * it is managed; «Возобновить подписку» to restore.
 */
export function mainButtonText(
  goods: Pick<Goods, 'status' | 'store_name' | 'is_trial_current' | 'actions' | 'tariffs'>,
): string {
  switch (mainActionOf(goods.status)) {
    case 'pay':
      return goods.tariffs[0]?.pay_text || m.payFallback;
    case 'restore':
      return m.restoreButton;
    case 'cancel':
      if (isStoreManaged(goods.store_name)) return m.manageButton;
      if (goods.is_trial_current || goods.actions.includes('cancel_trial_package'))
        return m.cancelTrialButton;
      return m.cancelButton;
  }
}

/**
 * Whether the page says the trial's card check before paying: the button buys (not disabled) and the
 * viewer would get the trial (goods.is_trial).
 */
export function showsTrialCheck(
  goods: Pick<Goods, 'status' | 'is_trial' | 'is_active_parent' | 'store_name'>,
): boolean {
  return goods.status === 'not_purchased' && goods.is_trial && disabledReason(goods) === null;
}

/**
 * Why the main button is disabled (SPEC §4, §5): an active parent holds it, or an operator granted it;
 * and (ours) a package sold only in a mobile store that the viewer has not bought — its button would
 * pay, and the api refuses to sell it here (package_not_for_sale), so the viewer could only fail. A
 * store subscription the viewer holds keeps its button: it opens the «Понятно»-only page (SPEC §6).
 */
export function disabledReason(
  goods: Pick<Goods, 'is_active_parent' | 'store_name' | 'status'>,
): 'activeParent' | 'hand' | 'store' | null {
  if (goods.is_active_parent) return 'activeParent';
  if (goods.store_name === 'hand') return 'hand';
  if (goods.status === 'not_purchased' && isStoreManaged(goods.store_name)) return 'store';
  return null;
}

/** The pay_info line shows only for cancelled, confirmed and suspended (SPEC §2). */
export function showsPayInfo(status: Goods['status']): boolean {
  return status === 'cancelled' || status === 'confirmed' || status === 'suspended';
}

/**
 * A subscription bought in a mobile platform's store: managed in that store, not here (SPEC §6). Ours
 * are 'web'; 'hand' is an operator's grant (its button is disabled altogether).
 */
export function isStoreManaged(storeName: string | null): boolean {
  return storeName !== null && storeName !== 'web' && storeName !== 'hand';
}

/**
 * The first dialog of the cancellation flow (SPEC §4), by the first action: first_hours → only the
 * payment check; cancel_trial_package → the trial warning; otherwise page one.
 */
export function firstCancelDialog(actions: Goods['actions']): 'firstHours' | 'trial' | 'pageOne' {
  if (actions[0] === 'first_hours') return 'firstHours';
  if (actions[0] === 'cancel_trial_package') return 'trial';
  return 'pageOne';
}

/** After the reasons page: the trial confirm for a trial, otherwise the cancel itself. */
export function afterReasons(trial: boolean): 'trialConfirm' | 'cancel' {
  return trial ? 'trialConfirm' : 'cancel';
}

/** The content id in a return address such as /movie/12/ or /movie/12/102/ (for the buy goal). */
export function contentIdOf(pathname: string | undefined): number | undefined {
  const match = pathname ? /^\/movie\/(\d+)(?:\/|$)/.exec(pathname) : null;
  return match ? Number(match[1]) : undefined;
}
