import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './checkbox.module.css';

/** Props of {@link Checkbox}. */
export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The label (may hold a link). */
  label: ReactNode;
}

/** A native checkbox in the accent colour with a clickable label. */
export function Checkbox({ label, id, className, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      <input id={inputId} type="checkbox" className={styles.input} {...props} />
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
    </div>
  );
}
