import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './icon-button.module.css';

/** Props of {@link IconButton}. */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Accessible name: the button shows only an icon. */
  label: string;
  /** `ghost` is transparent until hovered, `filled` sits on a raised circle. */
  variant?: 'ghost' | 'filled';
  /** The icon (decorative). */
  children: ReactNode;
  /** The button element (e.g. to return focus to it). */
  ref?: Ref<HTMLButtonElement>;
}

/** A round button holding only an icon, named by `label`. */
export function IconButton({
  label,
  variant = 'ghost',
  className,
  type = 'button',
  children,
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={[styles.iconButton, styles[variant], className].filter(Boolean).join(' ')}
      {...props}
    >
      {children}
    </button>
  );
}
