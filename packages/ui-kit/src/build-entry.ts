// The entry of the JavaScript bundle only (tsup.config.ts); declarations come from index.ts. The design
// tokens are imported here, not in index.ts, because tsc keeps a side-effect import in the emitted
// index.d.ts, and a `.css` import in published types fails to resolve for consumers (node16 and bundler
// alike). Bundled, the tokens come first in dist/index.css (`@kadr/ui-kit/styles.css`), then each
// component's CSS module; the JavaScript itself imports no CSS.
import './tokens.css';

// A build entry, not a public module: index.ts is the list of named exports.
export * from './index.js';
