import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from '../loader/loader.js';
import styles from './button.module.css';

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary` is the accent call to action, `secondary` a quieter one, `link` looks like text. */
  variant?: 'primary' | 'secondary' | 'link';
  /** `m` for forms and dialogs, `s` for dense places such as the header. */
  size?: 's' | 'm';
  /** Stretches to the width of its container. */
  fullWidth?: boolean;
  /** Shows a spinner, keeps the label for assistive technology and blocks clicks. */
  loading?: boolean;
  children: ReactNode;
}

/**
 * The classes of the kit's button look, for an element that is not a `<button>`: a link dressed as a
 * button (the error screens' way home, the about page's letter) takes the same styles as {@link Button}.
 */
export function buttonClass(
  variant: NonNullable<ButtonProps['variant']> = 'primary',
  size: NonNullable<ButtonProps['size']> = 'm',
  fullWidth = false,
): string {
  return [styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth]
    .filter(Boolean)
    .join(' ');
}

/** The kit's button: primary, secondary or link look, with disabled and loading states. */
export function Button({
  variant = 'primary',
  size = 'm',
  fullWidth = false,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClass(variant, size, fullWidth), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && (
        <span className={styles.spinner}>
          <Spinner size={16} />
        </span>
      )}
      <span className={loading ? styles.hiddenLabel : undefined}>{children}</span>
    </button>
  );
}
