import { NativeSelect, type ComboboxItem, type NativeSelectProps } from '@mantine/core';
import { useRef } from 'react';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration';
import { InTurn } from '../lib/hydrate-in-turns';

/**
 * A list filter's short choice: the phone's own picker, no Select code. `name` is its query parameter,
 * so a GET form sends it before hydration or without JavaScript; a choice made before hydration is
 * kept and applied (lib/use-typed-before-hydration.ts).
 */
type Props = Omit<NativeSelectProps, 'value' | 'onChange' | 'data' | 'name'> & {
  name: string;
  value: string;
  onChange: (value: string) => void;
  data: ComboboxItem[];
};

export function FilterSelect(props: Props) {
  // A field of a form that works as HTML: it hydrates in a turn of its own (lib/hydrate-in-turns.tsx).
  return (
    <InTurn>
      <Choice {...props} />
    </InTurn>
  );
}

function Choice({ name, value, onChange, data, ...props }: Props) {
  const select = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(select, value, onChange);
  return <NativeSelect {...props} ref={select} name={name} data={data} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
}
