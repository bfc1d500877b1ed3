import type { ReactNode } from 'react';
import { MessageBlock } from '../message-block/message-block.js';
import { uiMessages } from '../messages.js';

/** Props of {@link Placeholder}. */
export interface PlaceholderProps {
  /** The screen's name, shown as its heading. */
  title: string;
  /** The explanation (default: the screen is coming soon). */
  text?: ReactNode;
  /** Optional actions, e.g. a link home. */
  children?: ReactNode;
}

/** A «screen coming soon» block naming a screen that is not built yet. */
export function Placeholder({ title, text = uiMessages.placeholderText, children }: PlaceholderProps) {
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
