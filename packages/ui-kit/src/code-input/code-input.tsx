import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { uiMessages } from '../messages.js';
import styles from './code-input.module.css';

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  /** One entry per box: a single digit or '' (e.g. four entries for an SMS code). */
  digits: readonly string[];
  /** The box that should hold focus; moving it moves the focus. */
  focusIndex: number;
  /** Called with a box index and its new digit ('' when cleared). */
  onDigit: (index: number, digit: string) => void;
  /** Name of the group for assistive technology. */
  label?: string;
  /** Prefix of each box's name: boxes are named `${digitLabel} 1` … `${digitLabel} N`. */
  digitLabel?: string;
  /** Marks every box invalid (e.g. after 'Неверный код'). */
  invalid?: boolean;
  /** Blocks input while the code is checked. */
  disabled?: boolean;
  /** Focuses the `focusIndex` box on mount (default true). */
  autoFocus?: boolean;
  /** Id of an element describing the group (e.g. the error). */
  describedBy?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Single-digit boxes for a one-time code, controlled by `digits` and `focusIndex`. Typing fills a box,
 * Backspace on an empty box clears the previous one and moves back, pasting (or an SMS autofill of) the
 * whole code fills every box.
 */
export function CodeInput({
  digits,
  focusIndex,
  onDigit,
  label = uiMessages.code,
  digitLabel = uiMessages.digit,
  invalid = false,
  disabled = false,
  autoFocus = true,
  describedBy,
}: CodeInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const mounted = useRef(false);
  const length = digits.length;

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      if (!autoFocus) return;
    }
    if (disabled) return;
    inputs.current[Math.min(Math.max(focusIndex, 0), length - 1)]?.focus();
  }, [focusIndex, length, autoFocus, disabled]);

  const focusBox = (index: number) => inputs.current[index]?.focus();

  /** Spreads several digits over the boxes from `start` on. */
  const fill = (start: number, text: string) => {
    const chars = onlyDigits(text)
      .slice(0, length - start)
      .split('');
    chars.forEach((digit, offset) => {
      onDigit(start + offset, digit);
    });
    if (chars.length > 0) focusBox(Math.min(start + chars.length, length - 1));
  };

  const onChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = onlyDigits(event.target.value);
    if (value.length > 1) {
      // An autofill or a fast double key press: treat it like a paste from this box on.
      fill(value.length >= length ? 0 : index, value);
      return;
    }
    onDigit(index, value);
    if (value && index < length - 1) focusBox(index + 1);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      onDigit(index - 1, '');
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = onlyDigits(event.clipboardData.getData('text'));
    fill(text.length >= length ? 0 : index, text);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a visible legend and border for no gain.
    <div role="group" aria-label={label} aria-describedby={describedBy} className={styles.group}>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          className={styles.box}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={index === 0 ? length : 1}
          aria-label={`${digitLabel} ${index + 1}`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={digit}
          onChange={onChange(index)}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
