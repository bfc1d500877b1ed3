import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef } from 'react';
import { IconButton } from '../icon-button/icon-button.js';
import { IconClose, IconSearch } from '../icons/icons.js';
import { uiMessages } from '../messages.js';
import { SearchField } from '../search-field/search-field.js';
import styles from './search-box.module.css';
import { SearchResults, type SearchResultsProps } from './search-results.js';

/** Props of {@link SearchBox}: the state and handlers of a search kept by the app. */
export interface SearchBoxProps extends SearchResultsProps {
  /** The text in the field. */
  value: string;
  /** Called on every edit. */
  onChange: (value: string) => void;
  /** Whether the box is expanded (field and panel shown). */
  open: boolean;
  /** The collapsed search button was pressed. */
  onOpen: () => void;
  /** Close and clear: a click outside, Escape, the close cross or following a result. */
  onClose: () => void;
  /** Texts: the field's name and placeholder, the open and close buttons. */
  labels?: { label?: string; placeholder?: string; open?: string; close?: string };
}

/**
 * The desktop header search: a button that expands into a field with a panel under the header
 * (recommendations, results or «nothing found»). A click outside, Escape, the cross or following a
 * result closes it and clears the text. It fetches nothing: the app passes the state in. The panel is
 * placed under the nearest positioned ancestor (the sticky header).
 */
export function SearchBox({ value, onChange, open, onOpen, onClose, labels, ...results }: SearchBoxProps) {
  const m = uiMessages.search;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const refocusToggle = useRef(false);
  const panelId = useId();

  useEffect(() => {
    if (open) {
      inputRef.current?.focus();
      return;
    }
    if (refocusToggle.current) toggleRef.current?.focus();
    refocusToggle.current = false;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onClose]);

  const closeFromKeyboard = () => {
    refocusToggle.current = true;
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeFromKeyboard();
    }
  };
  // Following a result leaves the box: close it (the app navigates).
  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) onClose();
  };

  if (!open) {
    return (
      <div className={styles.root}>
        <IconButton
          ref={toggleRef}
          label={labels?.open ?? m.open}
          aria-expanded={false}
          onClick={onOpen}
          className={styles.toggle}
        >
          <IconSearch />
        </IconButton>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside the box closes it.
    <div ref={rootRef} className={styles.root} onKeyDown={onKeyDown}>
      <SearchField
        value={value}
        onChange={onChange}
        label={labels?.label ?? m.label}
        placeholder={labels?.placeholder ?? m.placeholder}
        inputRef={inputRef}
        controls={panelId}
        className={styles.field}
      >
        <IconButton label={labels?.close ?? m.close} onClick={closeFromKeyboard} className={styles.close}>
          <IconClose size={20} />
        </IconButton>
      </SearchField>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: links inside handle their own keys; this only closes after one is followed. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above. */}
      <div
        id={panelId}
        className={styles.panel}
        onClick={onPanelClick}
        aria-busy={results.status === 'loading'}
      >
        <div className={styles.panelInner}>
          <SearchResults {...results} />
        </div>
      </div>
    </div>
  );
}
