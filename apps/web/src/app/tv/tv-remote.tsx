import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useBack } from '../../shared/navigation/query-link';
import { createFocusCore, type FocusCore } from './focus-core';
import './tv.css';

/**
 * The smart-TV layout's remote control (decision 040): mounts the focus core over the page once, tells
 * it when a new screen starts, and gives it the SPEC's back action. Loaded only on a TV (a lazy chunk with
 * the spatial-navigation library and the ten-foot styles); it renders nothing itself.
 */
export function TvRemote() {
  const location = useLocation();
  const back = useBack();
  // The core lives as long as the layout; the latest back action and address are read through refs.
  const backRef = useRef(back);
  backRef.current = back;
  // Back stays only on home as the visit's first screen: with a screen behind it (a title, then the logo)
  // it goes back there, as SPEC §2's back action does on any screen.
  const firstHome = location.pathname === '/' && location.key === 'default';
  const homeRef = useRef(firstHome);
  homeRef.current = firstHome;
  const coreRef = useRef<FocusCore | null>(null);

  useEffect(() => {
    const core = createFocusCore({
      root: document.body,
      isHome: () => homeRef.current,
      goBack: () => backRef.current(),
    });
    coreRef.current = core;
    return () => {
      core.destroy();
      coreRef.current = null;
    };
  }, []);

  // A new path is a new screen: its first item takes the focus once it is there.
  const { pathname } = location;
  useEffect(() => {
    if (pathname) coreRef.current?.startScreen();
  }, [pathname]);

  return null;
}
