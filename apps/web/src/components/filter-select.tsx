import { useRef } from 'react';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration';
import { InTurn } from '../lib/hydrate-in-turns';
import { PlainNativeSelect, type PlainNativeSelectProps } from './plain-mantine';

/**
 * A list filter's short choice: the phone's own picker, no Select code, and Mantine's look without its
 * render cost (plain-mantine.tsx). `name` is its query parameter,
 * so a GET form sends it before hydration or without JavaScript; a choice made before hydration is
 * kept and applied (lib/use-typed-before-hydration.ts).
 */
type Props = Omit<PlainNativeSelectProps, 'value' | 'onChange' | 'name'> & {
  name: string;
  value: string;
  onChange: (value: string) => void;
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
  return <PlainNativeSelect {...props} ref={select} name={name} data={data} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
}
