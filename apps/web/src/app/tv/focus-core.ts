import {
  type AddEventListenersOptions,
  type FocusableComponent,
  type FocusableComponentLayout,
  GetBoundingClientRectAdapter,
  type Key,
  ROOT_FOCUS_KEY,
  SpatialNavigationService,
} from '@noriginmedia/norigin-spatial-navigation-core';
import { backStep } from './back-rule';
import { editsText, type RemoteAction, remoteAction } from './remote-keys';

/** Elements a remote can land on (filtered further by {@link isCandidate}). */
const CANDIDATES =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [role="tab"]';
/** Elements that do something when pressed. */
const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="tab"]';
/**
 * Groups the spatial navigation moves between first: a rail, the header, a toolbar, a dialog… and any
 * element a screen marks `data-nav-group` (a column of its own beside the player).
 */
const CONTAINERS =
  'header, footer, nav, section, [role="toolbar"], [role="tablist"], [role="dialog"], [role="alertdialog"], [data-nav-group]';
/** An open modal: only what is inside it can take the focus. */
const MODAL = '[aria-modal="true"]';
/** A playing player: its controls hide after a while without keys and the next key only shows them. */
const PLAYING = '[data-phase="playing"]';
/** The element that leaves the player (its close button): what back presses when no dialog is open. */
export const LEAVE_ATTRIBUTE = 'data-back-leaves';
/**
 * An expanded part of a screen that closes on Escape (the header's search box): back pressed inside it
 * closes it, as back closes a dialog, instead of leaving the screen.
 */
export const CLOSES_ON_BACK_ATTRIBUTE = 'data-back-closes';
/**
 * A region that moves the focus with the arrows itself (the guide's programme lines, which load day by
 * day): it gets them first, and spatial navigation takes those it leaves.
 */
const OWN_ARROWS = '[data-own-arrows]';
/** Where a screen's own content starts: the first thing focused when a screen arrives. */
const MAIN = 'main';
/** How long the player's controls stay on screen after the last key. */
export const CONTROLS_IDLE_MS = 5000;
/** The attribute on `<html>` while the remote has been idle that long (CSS hides the player's controls). */
export const IDLE_ATTRIBUTE = 'data-remote-idle';
const HISTORY_LENGTH = 20;
const SCAN_DELAY_MS = 100;

/** Options of {@link createFocusCore}. */
export interface FocusCoreOptions {
  /** The element whose descendants the remote reaches (the document's body: modals are portalled there). */
  root: HTMLElement;
  /** Whether the screen is the catalogue home (back stays there). */
  isHome: () => boolean;
  /** The SPEC's back action: history back, or / with the query string. */
  goBack: () => void;
  /** Whether an element is on screen; the default asks the layout (tests give their own). */
  isVisible?: (element: HTMLElement) => boolean;
  /**
   * Runs a re-scan later (default: 100 ms on, so a screen rendering in slices is scanned a few times,
   * not in every frame; a key that needs the scan runs it at once).
   */
  schedule?: (task: () => void) => void;
}

/** The remote's focus over a DOM subtree; see {@link createFocusCore}. */
export interface FocusCore {
  /** A new screen: its first focusable item takes the focus as soon as it is there. */
  startScreen: () => void;
  /** The element the remote has focused, if any. */
  focused: () => HTMLElement | null;
  /** Stops listening and forgets every element. */
  destroy: () => void;
}

/** Default visibility: laid out, not `visibility: hidden`, and bigger than a visually hidden 1×1 box. */
function laidOut(element: HTMLElement): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width <= 1 || rect.height <= 1) return false;
  return getComputedStyle(element).visibility !== 'hidden';
}

function isCandidate(element: HTMLElement, isVisible: (element: HTMLElement) => boolean): boolean {
  if ((element as HTMLButtonElement).disabled) return false;
  // A control out of the Tab order only (a roving tab index: season tabs, a guide's playable lines) is
  // still the remote's; a region focusable by script only (main, the player) is not.
  if (element.getAttribute('tabindex') === '-1' && !element.matches(CONTROLS)) return false;
  if (element.closest('[inert], [aria-hidden="true"], [hidden]')) return false;
  return isVisible(element);
}

/** Enter on the focused element: a text field submits its form, a list does nothing, the rest click. */
function activate(element: HTMLElement): void {
  if (element instanceof HTMLSelectElement) return;
  if (element instanceof HTMLInputElement && element.type !== 'checkbox' && element.type !== 'radio') {
    element.form?.requestSubmit();
    return;
  }
  element.click();
}

/** Up and down on a focused list (the player's quality and speed) choose an option there. */
function stepSelect(element: HTMLElement, direction: string): boolean {
  if (!(element instanceof HTMLSelectElement) || (direction !== 'up' && direction !== 'down')) return false;
  const next = element.selectedIndex + (direction === 'down' ? 1 : -1);
  if (next < 0 || next >= element.options.length) return false;
  element.selectedIndex = next;
  element.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/** Focuses a node and scrolls it into view: a rail horizontally, the page so the row sits mid-screen. */
function focusNode(component: FocusableComponent): void {
  const node = component.node;
  node.setAttribute('data-focused', 'true');
  if (document.activeElement !== node) node.focus({ preventScroll: true });
  // The header stays put at the top. Elsewhere the least scrolling that shows the item whole, with the
  // margin the TV styles give it (the next row or card peeks in; the sticky header hides nothing).
  if (node.closest('header')) return;
  node.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/**
 * Where an element is on the page, not on the screen: the sticky header at the top of the page, the rest
 * where they are in the document. On the screen the header sits just above whatever is scrolled under
 * it, and up from an episode would jump over Смотреть (scrolled off under the header) into the header.
 */
function measure(component: FocusableComponent): FocusableComponentLayout {
  const node = component.node;
  const rect = node.getBoundingClientRect();
  const offset = node.closest('header') ? 0 : -document.documentElement.getBoundingClientRect().top;
  const top = rect.top + offset;
  return {
    x: rect.left,
    y: top,
    left: rect.left,
    top,
    width: rect.width,
    height: rect.height,
    right: rect.right,
    bottom: top + rect.height,
    node,
  };
}

/**
 * A layout adapter for the spatial-navigation service whose keys come from the core's own listener
 * (which applies the back, text-field and idle rules first) instead of a listener of its own, and whose
 * layouts are page positions ({@link measure}).
 */
function remoteAdapter(listeners: AddEventListenersOptions) {
  return class RemoteAdapter extends GetBoundingClientRectAdapter {
    constructor(service: SpatialNavigationService) {
      super(service);
      this.focusNode = focusNode;
      this.measureLayout = async (component) => measure(component);
    }

    override addEventListeners(options: AddEventListenersOptions): void {
      Object.assign(listeners, options);
    }

    override removeEventListeners(): void {
      listeners.keyDown = undefined;
      listeners.keyUp = undefined;
    }
  };
}

/**
 * The TV layout's remote control over a DOM subtree, on the Norigin spatial-navigation service: every
 * focusable element is registered with its group (header, rail, toolbar, dialog…), found again when the
 * DOM changes; arrows move the focus to the nearest element on screen in that direction, Enter activates
 * it, back takes {@link backStep}'s step (closes the top dialog as its Escape does, presses the player's
 * close button, goes back, or stays on home). While a modal is open only its contents are registered.
 * Focus is never lost: when the focused element goes away it returns to the last focused one still there
 * (the opener of a closed dialog, Смотреть under a closed player), else the screen's first item. Keys
 * pressed while nothing can be focused (a screen loading) change nothing; unknown keys are left alone.
 */
export function createFocusCore({
  root,
  isHome,
  goBack,
  isVisible = laidOut,
  schedule = (task) => setTimeout(task, SCAN_DELAY_MS),
}: FocusCoreOptions): FocusCore {
  const listeners: AddEventListenersOptions = {};
  const service = new SpatialNavigationService();
  service.init({ layoutAdapter: remoteAdapter(listeners), shouldFocusDOMNode: true, throttle: 0 });
  // Escapes the core sends to a dialog: its own listener lets them through.
  const sent = new WeakSet<Event>();

  const keys = new WeakMap<Element, string>();
  const registered = new Map<string, HTMLElement>();
  const containers = new Set<string>();
  let counter = 0;
  let history: HTMLElement[] = [];
  let pendingStart = true;
  // The scope of the last scan (the page, or the top modal) and what had the focus when a modal opened.
  let lastScope: HTMLElement = root;
  let opener: HTMLElement | null = null;
  // Scope changes so far, and how many there had been at the last key: the service runs a move after the
  // one in progress, and a key pressed inside a dialog must not move the page's focus once it closed.
  let scopes = 0;
  let scopesAtKey = 0;
  let scanScheduled = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const keyOf = (element: Element) => {
    let key = keys.get(element);
    if (!key) {
      counter += 1;
      key = `tv-${counter}`;
      keys.set(element, key);
    }
    return key;
  };

  const onFocusIn = (element: HTMLElement) => {
    history = [...history.filter((item) => item !== element), element].slice(-HISTORY_LENGTH);
  };

  const register = (element: HTMLElement, parentFocusKey: string, focusable: boolean, seen: Set<string>) => {
    const focusKey = keyOf(element);
    seen.add(focusKey);
    if (registered.has(focusKey)) return focusKey;
    registered.set(focusKey, element);
    if (!focusable) containers.add(focusKey);
    service.addFocusable({
      focusKey,
      node: element,
      parentFocusKey,
      onEnterPress: () => activate(element),
      onEnterRelease: () => {},
      onArrowPress: (direction) => scopesAtKey === scopes && !stepSelect(element, direction),
      onArrowRelease: () => {},
      onFocus: () => onFocusIn(element),
      onBlur: () => element.removeAttribute('data-focused'),
      onUpdateFocus: () => {},
      onUpdateHasFocusedChild: () => {},
      saveLastFocusedChild: true,
      trackChildren: false,
      focusable: true,
      isFocusBoundary: element.matches(MODAL),
      // The core restores the focus itself (from its history), after the whole change is registered.
      autoRestoreFocus: false,
      forceFocus: false,
    });
    return focusKey;
  };

  /** Registers an element's group and the groups around it, outermost first; returns the group's key. */
  const registerParents = (element: HTMLElement, scope: HTMLElement, seen: Set<string>): string => {
    const group = element.parentElement?.closest<HTMLElement>(CONTAINERS);
    if (!group || !scope.contains(group)) {
      return scope === root ? ROOT_FOCUS_KEY : register(scope, ROOT_FOCUS_KEY, false, seen);
    }
    const parent = registerParents(group, scope, seen);
    return register(group, parent, false, seen);
  };

  const candidates = (scope: HTMLElement) =>
    Array.from(scope.querySelectorAll<HTMLElement>(CANDIDATES)).filter((element) =>
      isCandidate(element, isVisible),
    );

  const focusElement = (element: HTMLElement) => {
    const key = keys.get(element);
    if (key && registered.has(key)) void service.setFocus(key);
  };

  /** Whether an element is one the remote lands on (not a group, not unknown). */
  const isItem = (element: Element) => {
    const key = keys.get(element);
    return key !== undefined && registered.has(key) && !containers.has(key);
  };

  const current = () => {
    const key = service.getCurrentFocusKey();
    return key ? (registered.get(key) ?? null) : null;
  };

  /** Registers what is focusable now, forgets what is gone, and puts the focus back where it belongs. */
  const scan = () => {
    scanScheduled = false;
    const modals = Array.from(root.querySelectorAll<HTMLElement>(MODAL));
    const scope = modals[modals.length - 1] ?? root;
    // What had the focus before this scan forgets anything (a modal's opener, when one opens).
    const previous = current();
    const found = candidates(scope);
    const seen = new Set<string>();
    for (const element of found) register(element, registerParents(element, scope, seen), true, seen);
    // Leaves first, then their groups: the service re-parents nothing on removal.
    const stale = [...registered.keys()].filter((key) => !seen.has(key));
    stale.sort((a, b) => Number(containers.has(a)) - Number(containers.has(b)));
    for (const key of stale) {
      // Under a modal the element stays on the page: it must not look focused there.
      registered.get(key)?.removeAttribute('data-focused');
      service.removeFocusable({ focusKey: key });
      registered.delete(key);
      containers.delete(key);
    }
    // Kept while hidden by a modal: the opener takes the focus back when the modal closes.
    history = history.filter((element) => element.isConnected);

    const focusedNow = current();
    const active = document.activeElement;
    const main = found.find((element) => element.closest(MAIN));
    const closed = scope === root && lastScope !== root;
    // A modal opening: remember its opener (the service still has it as the focus).
    if (scope !== root && lastScope === root) opener = previous;
    if (scope !== lastScope) scopes += 1;
    lastScope = scope;
    // A modal closed: its opener takes the focus back, whatever the page focused meanwhile.
    if (closed && opener?.isConnected && isItem(opener)) {
      focusElement(opener);
      opener = null;
      return;
    }
    if (pendingStart && main && scope === root) {
      pendingStart = false;
      // A screen that put the focus on an item of its own (the guide's programme on air) keeps it.
      const chosen = active instanceof HTMLElement && isItem(active) && active.closest(MAIN) ? active : main;
      focusElement(chosen);
      return;
    }
    // The app focused a region of its own (the opened player, a dialog's card): its first item instead.
    if (active instanceof HTMLElement && active !== document.body && !isItem(active)) {
      const inside = found.find((element) => active.contains(element));
      if (inside) {
        focusElement(inside);
        return;
      }
    }
    if (focusedNow?.isConnected && registered.has(keyOf(focusedNow))) {
      // The page lost the focus (a focused region removed) while the remote's item is still there.
      if (!active || active === document.body) focusElement(focusedNow);
      return;
    }
    // The app moved the focus itself (a modal's first field): follow it.
    if (active instanceof HTMLElement && registered.has(keys.get(active) ?? '')) {
      focusElement(active);
      return;
    }
    const last = history.findLast((element) => registered.has(keyOf(element)));
    const next = last ?? main ?? found[0];
    if (next) focusElement(next);
  };

  const back = () => {
    const modals = root.querySelectorAll<HTMLElement>(MODAL);
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const modal = modals[modals.length - 1] ?? focused?.closest<HTMLElement>(`[${CLOSES_ON_BACK_ATTRIBUTE}]`);
    const leave = root.querySelector<HTMLElement>(`[${LEAVE_ATTRIBUTE}]`);
    const step = backStep({ dialogOpen: Boolean(modal), playerOpen: Boolean(leave), atHome: isHome() });
    if (step === 'close-dialog' && modal) {
      // The dialog (or the search box) closes the way its own Escape closes it (ui-kit Modal: onClose,
      // focus returned).
      const escapeKey = new KeyboardEvent('keydown', {
        key: 'Escape',
        keyCode: 27,
        bubbles: true,
        cancelable: true,
      });
      sent.add(escapeKey);
      const target = document.activeElement instanceof HTMLElement && modal.contains(document.activeElement);
      (target ? (document.activeElement as HTMLElement) : modal).dispatchEvent(escapeKey);
    } else if (step === 'leave-player' && leave) {
      leave.click();
    } else if (step === 'history-back') {
      goBack();
    }
  };

  const scheduleScan = () => {
    if (scanScheduled) return;
    scanScheduled = true;
    schedule(() => {
      if (scanScheduled) scan();
    });
  };

  const observer = new MutationObserver(scheduleScan);
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'inert', 'aria-hidden', 'aria-modal', 'tabindex', 'data-phase'],
  });

  const wake = (): boolean => {
    const wasIdle = document.documentElement.hasAttribute(IDLE_ATTRIBUTE);
    document.documentElement.removeAttribute(IDLE_ATTRIBUTE);
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => document.documentElement.setAttribute(IDLE_ATTRIBUTE, ''), CONTROLS_IDLE_MS);
    return wasIdle;
  };

  const isArrow = (action: string | null) =>
    action === 'up' || action === 'down' || action === 'left' || action === 'right';
  const ownsArrows = (event: KeyboardEvent) =>
    event.target instanceof Element && event.target.closest(OWN_ARROWS) !== null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (sent.has(event)) return;
    const action = remoteAction(event);
    const wasIdle = wake();
    if (!action || editsText(action, event, event.target)) return;
    // The region's own arrows first; what it leaves comes back in onKeyDownLeft.
    if (isArrow(action) && ownsArrows(event)) return;
    event.preventDefault();
    event.stopPropagation();
    act(action, event, wasIdle);
  };

  /** An arrow a region with arrows of its own did not use (its last line): spatial navigation has it. */
  const onKeyDownLeft = (event: KeyboardEvent) => {
    const action = remoteAction(event);
    if (sent.has(event) || event.defaultPrevented || !isArrow(action) || !ownsArrows(event)) return;
    event.preventDefault();
    act(action as RemoteAction, event, false);
  };

  const act = (action: RemoteAction, event: KeyboardEvent, wasIdle: boolean) => {
    // A re-scan due only adds what came since (it runs shortly): a key waits for it only when the
    // focused element has gone, nothing is focused yet, or the page moved the focus elsewhere (a dialog
    // just opened on its field: the key must move inside it, not on the page behind).
    const focused = current();
    const active = document.activeElement;
    const moved = active !== null && active !== document.body && active !== focused;
    if (scanScheduled && (!focused?.isConnected || moved)) scan();
    if (action === 'back') {
      back();
      return;
    }
    const pageFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The service's focus, or the page's when the service has yet to catch up with it (a field a dialog
    // focused, registered by the scan above: the move waits behind that focus in the service's queue).
    const focusedNow = current() ?? (pageFocus && isItem(pageFocus) ? pageFocus : null);
    // Hidden controls of a playing video: the first key only shows them (wake, above).
    if (wasIdle && focusedNow?.closest(PLAYING)) return;
    if (!focusedNow) {
      // Nothing focused (a screen loading, or focus on the page itself): land on the first item.
      const first = candidates(root).find((element) => registered.has(keyOf(element)));
      if (first) focusElement(first);
      return;
    }
    pendingStart = false;
    scopesAtKey = scopes;
    // Key releases are not passed on: the service queues one task after the running one, and a release
    // right behind its press (a busy page registering a new screen) would take the press's place.
    const move = () => listeners.keyDown?.(action as Key, event);
    if (current()) move();
    else {
      // The service moves from its own focus: it takes the page's first (its focus runs outside its queue).
      focusElement(focusedNow);
      afterFocus(keyOf(focusedNow), move);
    }
  };

  /** Runs `then` once the service has `key` focused (a few microtasks), or gives up after a few tasks. */
  const afterFocus = (key: string, then: () => void, tries = 5) => {
    setTimeout(() => {
      if (service.getCurrentFocusKey() === key) then();
      else if (tries > 1) afterFocus(key, then, tries - 1);
    });
  };

  // A pointer or the app focusing an element keeps the service's idea of the focus in step.
  const onFocusInEvent = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const key = keys.get(target);
    if (!key || !isItem(target)) scheduleScan();
    else if (service.getCurrentFocusKey() !== key) void service.setFocus(key);
  };

  // Capture: the remote's keys are the layout's before any component sees them (a rail, the tabs).
  window.addEventListener('keydown', onKeyDown, true);
  window.addEventListener('keydown', onKeyDownLeft);
  root.addEventListener('focusin', onFocusInEvent);
  scheduleScan();
  wake();

  return {
    startScreen: () => {
      pendingStart = true;
      scheduleScan();
    },
    focused: current,
    destroy: () => {
      observer.disconnect();
      clearTimeout(idleTimer);
      document.documentElement.removeAttribute(IDLE_ATTRIBUTE);
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keydown', onKeyDownLeft);
      root.removeEventListener('focusin', onFocusInEvent);
      service.destroy();
      registered.clear();
    },
  };
}
