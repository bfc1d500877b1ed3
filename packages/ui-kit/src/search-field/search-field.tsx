import type { ReactNode, Ref } from 'react';
import { IconSearch } from '../icons/icons.js';
import styles from './search-field.module.css';

/** Props of {@link SearchField}. */
export interface SearchFieldProps {
  /** The text in the field. */
  value: string;
  /** Called on every edit. */
  onChange: (value: string) => void;
  /** The searchbox's accessible name («Поиск»). */
  label: string;
  placeholder?: string;
  /** Receives the input (to focus it). */
  inputRef?: Ref<HTMLInputElement>;
  /** Id of what the search fills (the results panel), for `aria-controls`. */
  controls?: string;
  /** Where the field stands: its width, padding and entrance. */
  className?: string;
  /** After the input: e.g. the close cross. */
  children?: ReactNode;
}

/**
 * The search field (a `search` landmark): the icon and a searchbox of at most 100 characters with the
 * search key on phones. The header's search box and the app's search page share it.
 */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  inputRef,
  controls,
  className,
  children,
}: SearchFieldProps) {
  return (
    <search className={className ? `${styles.field} ${className}` : styles.field}>
      <IconSearch size={20} className={styles.icon} />
      <input
        ref={inputRef}
        type="search"
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        aria-controls={controls}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
      />
      {children}
    </search>
  );
}
