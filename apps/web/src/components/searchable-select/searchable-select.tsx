import { lazy, startTransition, Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { withRetries } from '../../lib/retry';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import NativeFallback from './native-fallback';
import { untilHydrated, useHydrated } from '../../lib/hydrated';
import type { Choice, SearchableSelectProps } from './props';
import { PlainNativeSelect, PlainTextInput } from '../plain-mantine';

export type { Choice, SearchableSelectProps } from './props';

const loadSelect = () => import('./enhanced-select');

/**
 * Mantine's Select with its Combobox, floating-ui and ScrollArea is about 40 KB compressed: more than
 * a whole screen. A filter bar or Sign Up shows it, but most visits never open it, so the page arrives with a
 * look-alike input and the real one loads when someone reaches for it (hover, focus, a tap, typing).
 * Offline, when that code was never fetched, the choice is a native <select> for the rest of the
 * visit: still every option, without the search.
 */
const EnhancedSelect = lazy(() => withRetries(loadSelect).catch(() => ({ default: NativeFallback })));

/** Start fetching the real select before it is needed (a filter panel about to open). */
export function preloadSearchableSelect() {
  void loadSelect().catch(() => undefined);
}

export function SearchableSelect(props: SearchableSelectProps) {
  const [wanted, setWanted] = useState<{ open: boolean; search?: string } | null>(null);
  const id = useId();
  const hydrated = useHydrated();
  // Before the scripts run (a slow phone, or none at all) the choice is the browser's own <select>,
  // named, with every option: a person can choose and the form sends it (issue 48, item 4). Once
  // hydrated it becomes the searchable select, keeping what was chosen.
  if (!hydrated) return <NativeBeforeHydration {...props} id={id} />;
  // A transition keeps the look-alike (and its focus) on screen until the real select is ready,
  // instead of a fallback that would take the focus away.
  const enhance = (open: boolean, search?: string) => startTransition(() => setWanted((w) => ({ open: open || !!w?.open, search: search ?? w?.search })));

  // The boundary is there from the start, so the transition can keep it showing the look-alike.
  return (
    <Suspense fallback={<LookAlike {...props} id={id} />}>
      {wanted ? (
        <EnhancedSelect {...props} id={id} autoFocus defaultDropdownOpened={wanted.open} defaultSearchValue={wanted.search} />
      ) : (
        <LookAlike
          {...props}
          id={id}
          onPointerEnter={preloadSearchableSelect}
          onPointerDown={() => enhance(true)}
          onFocus={() => enhance(false)}
          onType={(search) => enhance(true, search)}
        />
      )}
    </Suspense>
  );
}

/** The choice as HTML: a native select the server draws and a form without scripts sends. */
function NativeBeforeHydration({ id, name, formName, label, placeholder, data, value, onChange, required }: SearchableSelectProps & { id: string }) {
  const select = useRef<HTMLSelectElement>(null);
  // Chosen before hydration: handed to the page's state once it runs (lib/use-typed-before-hydration.ts).
  useTypedBeforeHydration(select, value ?? '', (chosen) => onChange(chosen || null));
  const options = required || data.some((choice) => choice.value === '') ? data : [{ value: '', label: placeholder ?? '' }, ...data];
  return (
    <PlainNativeSelect
      ref={select}
      id={id}
      name={name ?? formName}
      label={label}
      required={required}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      data={options}
    />
  );
}

const labelOf = (data: Choice[], value: string | null) => data.find((choice) => choice.value === value)?.label ?? '';

/**
 * Mantine's Select as it looks closed: same label, value, chevron and clear button. Its text is the
 * chosen label, so the value itself goes with the form in a hidden input (a form sent before
 * hydration or without JavaScript keeps the choice). Text typed before hydration opens the real
 * select with that search.
 */
function LookAlike({
  label,
  placeholder,
  name,
  data,
  value,
  onChange,
  clearable,
  searchable = true,
  required,
  id,
  onPointerEnter,
  onPointerDown,
  onFocus,
  onType,
}: SearchableSelectProps & {
  id: string;
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onFocus?: () => void;
  onType?: (search: string) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  // Searching needs scripts: until the page has hydrated, text typed here would be lost.
  const hydrated = useHydrated();
  const clear = clearable && value !== null;
  const shown = typed ?? labelOf(data, value);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, shown, (search) => {
    setTyped(search);
    onType?.(search);
  });
  const field = {
    ref: input,
    id,
    label,
    placeholder,
    value: shown,
    role: 'combobox',
    'aria-haspopup': 'listbox' as const,
    'aria-expanded': false,
    'aria-autocomplete': 'list' as const,
    autoComplete: 'off',
    required,
    // Picked from the list only: nothing to type, as Mantine's Select that is not searchable.
    readOnly: !searchable || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setTyped(event.currentTarget.value);
      onType?.(event.currentTarget.value);
    },
    onPointerEnter,
    onPointerDown,
    onFocus,
    ...untilHydrated(hydrated),
  };
  return (
    <>
      {name && <input type="hidden" name={name} value={value ?? ''} />}
      {/* Mantine's closed Select drawn plainly (plain-mantine.tsx), with its clear button when a value is set. */}
      <PlainTextInput {...field} selectLook onClear={clear ? () => onChange(null) : undefined} />
    </>
  );
}
