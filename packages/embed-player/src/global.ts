// The script-tag build's entry (tsup's IIFE format): everything the ESM entry exports, as
// `window.KadrEmbedPlayer`.
export * from './index.js';
