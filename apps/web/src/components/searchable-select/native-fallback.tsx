import { PlainNativeSelect } from '../plain-mantine';
import type { EnhancedSelectProps } from './props';

/** The choice offline, when the real select's code never reached this device. */
export default function NativeFallback({ id, name, label, placeholder, data, value, onChange, autoFocus, required }: EnhancedSelectProps) {
  return (
    <PlainNativeSelect
      id={id}
      name={name}
      label={label}
      autoFocus={autoFocus}
      required={required}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      data={[{ value: '', label: placeholder ?? '' }, ...data]}
    />
  );
}
