import styles from './sticker.module.css';

/** Props of {@link Sticker}. */
export interface StickerProps {
  /** The sticker image (e.g. «Новинка»). */
  src: string;
}

/** Display height of a sticker in CSS pixels; its width follows the image. */
export const STICKER_HEIGHT = 24;

/**
 * A small badge image in the top-left corner of a card's picture (SPEC §2 "an optional sticker").
 * Decorative: the card's own text names the title. Place it in a positioned box; the box may move it
 * with `--kadr-sticker-inset` (default 8 px from the top and left edges).
 */
export function Sticker({ src }: StickerProps) {
  return (
    <img
      className={styles.sticker}
      src={src}
      alt=""
      height={STICKER_HEIGHT}
      decoding="async"
      aria-hidden="true"
    />
  );
}
