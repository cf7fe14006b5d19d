import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/**
 * A text filter that updates the URL 400 ms after the last keystroke, so a slow network is not asked
 * for a page per letter. Follows the URL when it changes from elsewhere (back button, Clear filters).
 */
export function DebouncedTextFilter({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const send = useDebouncedCallback((next: string) => {
    lastSent.current = next;
    onChange(next);
  }, 400);

  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      type="search"
      maxLength={100}
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
