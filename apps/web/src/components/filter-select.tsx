import { NativeSelect, type ComboboxItem, type NativeSelectProps } from '@mantine/core';
import { useRef } from 'react';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration';

/**
 * A list filter's short choice: the phone's own picker, no Select code. `name` is its query parameter,
 * so a GET form sends it before hydration or without JavaScript; a choice made before hydration is
 * kept and applied (lib/use-typed-before-hydration.ts).
 */
export function FilterSelect({
  name,
  value,
  onChange,
  data,
  ...props
}: Omit<NativeSelectProps, 'value' | 'onChange' | 'data' | 'name'> & {
  name: string;
  value: string;
  onChange: (value: string) => void;
  data: ComboboxItem[];
}) {
  const select = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(select, value, onChange);
  return <NativeSelect {...props} ref={select} name={name} data={data} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
}
