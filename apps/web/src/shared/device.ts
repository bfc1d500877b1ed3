import { SMART_TV_REDIRECT } from '@kadr/auth-session';
import { createContext, useContext } from 'react';

/** How the app lays itself out (ARCHITECTURE: decided once at start). */
export type DeviceKind = 'desktop' | 'mobile' | 'tv';

/** Widths up to this many CSS pixels get the mobile layout whatever the user agent says. */
export const MOBILE_MAX_WIDTH = 767;

const TV_AGENT =
  /SmartTV|SMART-TV|Smart TV|Tizen|Web0S|WebOS|NetCast|HbbTV|BRAVIA|AFT[A-Z]|Android TV|GoogleTV|CrKey|AppleTV|Roku|VIDAA/i;
const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;
/** Phones' agents: an Android agent without "Mobile" is a tablet's, or a TV box's web view. */
const PHONE_AGENT = /iPhone|iPod|Mobile|Opera Mini|IEMobile/i;

/**
 * Whether the visit comes from a smart-TV app (SPEC §4 Startup): its address has redirect=smart_tv. The
 * app's links carry the query, so the whole visit keeps it (and a reload). The value startup stores is
 * bookkeeping only: were it to decide the layout, a tablet or laptop that once opened a TV app's link
 * would get the ten-foot layout for good (docs/decisions/040).
 */
export function arrivedFromSmartTv(href: string): boolean {
  return new URL(href).searchParams.get(SMART_TV_REDIRECT.param) === SMART_TV_REDIRECT.value;
}

/**
 * The device kind from the user agent and the viewport width: TV platforms by their user agent, or a
 * visit from a smart-TV app (`smartTv`) on anything but a phone; phones and tablets by their agents,
 * and any narrow window (≤ 767 px) as mobile. A phone keeps its layout with the smart-TV marker: the TV
 * app's links also reach phones (a purchase continued on the phone), and a ten-foot page there would
 * be unusable (docs/decisions/040).
 */
export function detectDeviceKind(userAgent: string, width: number, smartTv = false): DeviceKind {
  if (TV_AGENT.test(userAgent)) return 'tv';
  const phone = PHONE_AGENT.test(userAgent) || width <= MOBILE_MAX_WIDTH;
  if (smartTv && !phone) return 'tv';
  if (phone || MOBILE_AGENT.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The device kind chosen at start; desktop when no provider is above (stories, isolated tests). */
export const DeviceKindContext = createContext<DeviceKind>('desktop');

/** The device kind chosen at start. */
export function useDeviceKind(): DeviceKind {
  return useContext(DeviceKindContext);
}

/** Mobile gets the mobile layout; desktop and TV the wide one (TV adds remote-friendly focus styles). */
export function useIsMobile(): boolean {
  return useDeviceKind() === 'mobile';
}

/** Rails get arrow buttons on a desktop only: phones swipe, a TV's remote moves from card to card. */
export function useRailArrows(): boolean {
  return useDeviceKind() === 'desktop';
}
