import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import hidden from '../visually-hidden/visually-hidden.module.css';
import styles from './text-field.module.css';

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Visible label; it names the input. */
  label: string;
  /** Hides the label visually (it still names the input). */
  hideLabel?: boolean;
  /** A hint under the field. */
  hint?: ReactNode;
  /** An error under the field; marks the input invalid and is announced. */
  error?: ReactNode;
  /** Ref to the input element. */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with an optional hint and an announced error. */
export function TextField({
  label,
  hideLabel = false,
  hint,
  error,
  id,
  className,
  ref,
  ...props
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? hidden.root : styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
