import { TextField, type TextFieldProps } from './text-field.js';

/** Props of {@link PhoneField}: a {@link TextField} whose value the app normalises on change. */
export type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete'>;

/** A phone-number field: `type=tel`, phone keyboard, browser autofill, 12 characters at most by default. */
export function PhoneField({ maxLength = 12, placeholder = '+7', ...props }: PhoneFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={maxLength}
      placeholder={placeholder}
      {...props}
    />
  );
}
