import type { ReactNode } from 'react';
import { MessageBlock } from '../message-block/message-block.js';

/** Props of {@link Placeholder}. */
export interface PlaceholderProps {
  /** What happened, shown as the screen's heading. */
  title: string;
  /** The explanation, if any. */
  text?: ReactNode;
  /** Optional actions, e.g. a link home. */
  children?: ReactNode;
}

/**
 * A screen standing in for content that cannot show: its heading, an optional explanation and actions
 * (a failed load, a player embedded with a wrong address).
 */
export function Placeholder({ title, text, children }: PlaceholderProps) {
  return (
    <MessageBlock
      dashed
      glyph={<path d="M26 24v16l13-8z" fill="currentColor" />}
      title={title}
      text={text}
      actions={children}
    />
  );
}
