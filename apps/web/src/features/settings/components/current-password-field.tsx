import { Field } from '../../../components/ui/field';

/** The current password a security change asks for first: revealable, offered by password managers, focused. */
export function CurrentPasswordField({
  value,
  error,
  onChange,
  label = 'Current password',
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  return (
    <Field
      label={label}
      revealable
      autoComplete="current-password"
      autoFocus
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
