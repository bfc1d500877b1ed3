import { uiMessages } from '../messages.js';
import { VisuallyHidden } from '../visually-hidden/visually-hidden.js';
import styles from './loader.module.css';

/** Props of {@link Loader}. */
export interface LoaderProps {
  /** Text for assistive technology (and shown under the full-page spinner). */
  label?: string;
  /** `inline` sits in the flow; `fullPage` covers the viewport. */
  variant?: 'inline' | 'fullPage';
  /** Spinner diameter in pixels. */
  size?: number;
}

/** A spinner, inline or covering the whole page, announced as a status. */
export function Loader({ label = uiMessages.loading, variant = 'inline', size }: LoaderProps) {
  const diameter = size ?? (variant === 'fullPage' ? 48 : 24);
  const spinner = <Spinner size={diameter} />;
  if (variant === 'fullPage') {
    return (
      <div className={styles.fullPage} role="status" aria-live="polite">
        {spinner}
        <span className={styles.label}>{label}</span>
      </div>
    );
  }
  return (
    <span className={styles.inline} role="status" aria-live="polite">
      {spinner}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

/** A decorative spinning ring (hidden from assistive technology); use {@link Loader} to announce loading. */
export function Spinner({ size = 24 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
