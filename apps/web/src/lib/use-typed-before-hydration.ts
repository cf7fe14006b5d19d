import { useLayoutEffect, useRef, type RefObject } from 'react';
import { valueBeforeHydration } from './hydrated';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Keeps what a person entered into a server-rendered field before the page hydrated.
 *
 * On a slow phone the HTML is usable seconds before its script: someone can type a search, pick an
 * option or tick a box in the plain page. React hydrates that field with the state it rendered on the
 * server and, at the next render of a controlled field, writes that state over the DOM: the text is
 * gone. This hook reads the DOM once, right after the field mounts (before any re-render), and when
 * it holds something else than was rendered, hands it to `adopt` as soon as the page has mounted;
 * `adopt` should set the state to it and act on it as a change would (so a typed search filters
 * without another keystroke). A field mounted by a client render holds what was rendered, so then
 * nothing happens.
 *
 * Text, selects and textareas compare `value`; pass a boolean `rendered` for a checkbox or radio
 * (compares `checked`). React keeps the DOM's value while hydrating and only overwrites it at the
 * field's next render, which is why reading it in a layout effect on mount is enough.
 *
 *   const ref = useRef<HTMLInputElement>(null);
 *   useTypedBeforeHydration(ref, text, (typed) => { setText(typed); search(typed); });
 *   <TextInput ref={ref} value={text} … />
 */
export function useTypedBeforeHydration<T extends string | boolean>(ref: RefObject<Field | null>, rendered: T, adopt: (value: T) => void) {
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    // A select cannot show a value none of its options has (it shows the first): nothing was chosen.
    if (field instanceof HTMLSelectElement && ![...field.options].some((option) => option.value === rendered)) return;
    const now = (typeof rendered === 'boolean' ? (field as HTMLInputElement).checked : valueBeforeHydration(field)) as T;
    // Handed over once this commit is over: the parents' layout effects have then run too, and React
    // Router ignores a navigation asked for before its own have (the URL is many filters' state).
    if (now !== rendered) queueMicrotask(() => adopt(now));
    // Only the first render can have been typed over before hydration; later values are React's own.
  }, []);
}

/**
 * The same for a whole page form (log in, sign up, forgot password, feedback, apply): right after
 * hydration, each named text field whose value differs from what the server rendered (its
 * `defaultValue`) is handed to `adopt` with its name. Files, hidden fields and boxes are left out: a
 * file field adopts its own file (useTypedBeforeHydration with '' rendered, as DocumentInput does).
 *
 *   const formRef = useAdoptTypedValues((name, value) => form.setFieldValue(name, value));
 *   <form ref={formRef} method="post" …>
 */
export function useAdoptTypedValues(adopt: (name: string, value: string) => void): RefObject<HTMLFormElement | null> {
  const ref = useRef<HTMLFormElement>(null);
  const adoptRef = useRef(adopt);
  useLayoutEffect(() => {
    for (const element of Array.from(ref.current?.elements ?? [])) {
      const field = element as HTMLInputElement | HTMLTextAreaElement;
      const text =
        element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !['file', 'hidden', 'checkbox', 'radio'].includes(element.type));
      if (!text || !field.name) continue;
      const value = valueBeforeHydration(field);
      if (value !== field.defaultValue) adoptRef.current(field.name, value);
    }
  }, []);
  return ref;
}
