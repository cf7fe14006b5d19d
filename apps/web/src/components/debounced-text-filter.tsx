import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration';
import { InTurn } from '../lib/hydrate-in-turns';
import { PlainTextInput } from './plain-mantine';

type Props = {
  label: string;
  placeholder?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  style?: CSSProperties;
  /** A number filter (a price) asks a phone for its number pad and is not a search box. */
  inputMode?: 'decimal' | 'numeric';
};

/**
 * A text filter that updates the URL 400 ms after the last keystroke, so a slow network is not asked
 * for a page per letter. Follows the URL when it changes from elsewhere (back button, Clear filters).
 * Mantine's look without its render cost (plain-mantine.tsx). `name` is its query parameter: inside a GET form it is what the form sends before the page has
 * hydrated or without JavaScript; text typed before hydration is kept and applied.
 */
export function DebouncedTextFilter(props: Props) {
  // A field of a form that works as HTML: it hydrates in a turn of its own (lib/hydrate-in-turns.tsx).
  return (
    <InTurn>
      <TextFilter {...props} />
    </InTurn>
  );
}

function TextFilter({ label, placeholder, name, value, onChange, style, inputMode }: Props) {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const send = useDebouncedCallback((next: string) => {
    lastSent.current = next;
    onChange(next);
  }, 400);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, text, (typed) => {
    setText(typed);
    send(typed);
  });

  useEffect(() => {
    if (value !== lastSent.current) {
      // The URL changed from elsewhere (Clear filters, Back): text still waiting to be sent must
      // not put the old search back a moment later.
      send.cancel();
      lastSent.current = value;
      setText(value);
    }
  }, [value, send]);

  return (
    <PlainTextInput
      ref={input}
      label={label}
      placeholder={placeholder}
      name={name}
      value={text}
      type={inputMode ? 'text' : 'search'}
      inputMode={inputMode}
      maxLength={100}
      style={style}
      onChange={(e) => {
        setText(e.currentTarget.value);
        send(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          send.flush();
        }
      }}
    />
  );
}
