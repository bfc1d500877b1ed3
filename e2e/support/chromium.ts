// Debian's Chromium and the flags every browser run here uses (journeys, Storybook's stories, benches).
// No imports: the Storybook config loads this file too.

/** Debian's Chromium; nothing downloads a browser on this machine. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, no sandbox (root user), a closed network: no background traffic of Chromium's own. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
