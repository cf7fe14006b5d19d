import {
  forwardRef,
  useId,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type FormHTMLAttributes,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import inputClasses from '../theme.module.css';

/*
 * Mantine's markup, drawn as plain elements: the same classes, data attributes and CSS variables its
 * components render, so Mantine's stylesheet styles them exactly as it styles its own. A Mantine
 * component costs a theme lookup, style-prop parsing and class merging on every render; on the public
 * screens' first load those costs ran to most of the hydration work (the filter forms' fields alone
 * took a third of it on /jobs), which a phone pays for with a page that does not answer taps yet.
 * Only the parts those screens render while hydrating are here, in the variants they use; the rest of
 * the app keeps Mantine's components. plain-mantine.test.ts renders each next to the Mantine
 * component it stands for and requires the same HTML, so a Mantine upgrade that changes its markup
 * fails there instead of changing the look. Decision 0065.
 */

type Size = 'xs' | 'sm';

function cx(...names: Array<string | false | undefined>) {
  return names.filter(Boolean).join(' ');
}

/** Mantine's ComboboxChevron; sized as a NativeSelect's, or as a Select's look-alike without a size. */
const chevron = (size?: Size) => (
  <svg
    style={size ? ({ '--combobox-chevron-size': `var(--combobox-chevron-size-${size})` } as CSSProperties) : undefined}
    data-size={size}
    data-combobox-chevron="true"
    viewBox="0 0 15 15"
    fill="none"
    xmlns="http://www.w3.org/2000/svg"
    className="m_2943220b mantine-ComboboxChevron-chevron"
  >
    <path
      d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/** Mantine's InputClearButton beside the chevron, as a clearable Select draws them; the button is for pointers only. */
const clearAndChevron = (onClear: () => void) => (
  <div data-combined-clear-section="true" style={{ display: 'flex', gap: '2px', alignItems: 'center', paddingInlineEnd: '8px' }}>
    <button
      style={{ '--cb-size': 'var(--cb-size-sm)', pointerEvents: 'all', background: 'var(--input-bg)' } as CSSProperties}
      className="mantine-focus-auto mantine-active m_86a44da5 mantine-InputClearButton-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant="transparent"
      data-size="sm"
      type="button"
      tabIndex={-1}
      aria-hidden
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClear}
    >
      <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={{ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' }}>
        <path
          d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
          fill="currentColor"
          fillRule="evenodd"
          clipRule="evenodd"
        />
      </svg>
    </button>
    {chevron()}
  </div>
);

interface FieldProps {
  /** Shown above the field; without it the field needs an aria-label. */
  label?: string;
  size?: Size;
  style?: CSSProperties;
  disabled?: boolean;
  /** The form needs it: the control is required, and its label says so with an asterisk. */
  required?: boolean;
}

/** Mantine's Input.Wrapper with its label around an Input (the wrapper of the control and its section). */
function Field({
  component,
  label,
  size,
  style,
  disabled,
  required,
  id,
  pointer,
  section,
  sectionPointerEvents = 'none',
  children,
}: {
  component: 'TextInput' | 'NativeSelect' | 'InputBase';
  label?: string;
  size: Size;
  style?: CSSProperties;
  disabled?: boolean;
  required?: boolean;
  id: string;
  pointer?: boolean;
  section?: ReactNode;
  sectionPointerEvents?: 'none' | 'all';
  children: ReactNode;
}) {
  return (
    <div data-size={size} className={`m_46b77525 mantine-InputWrapper-root mantine-${component}-root`} style={style}>
      {label && (
        <label
          style={{ '--input-label-size': `var(--mantine-font-size-${size})` } as CSSProperties}
          data-size={size}
          data-required={required || undefined}
          htmlFor={id}
          id={`${id}-label`}
          className={`m_8fdc1311 mantine-InputWrapper-label mantine-${component}-label`}
        >
          {label}
          {required && (
            <span className={`m_78a94662 mantine-InputWrapper-required mantine-${component}-required`} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      <div
        style={
          {
            '--input-height': `var(--input-height-${size})`,
            '--input-fz': `var(--mantine-font-size-${size})`,
            ...(section ? { '--input-right-section-pointer-events': sectionPointerEvents } : {}),
          } as CSSProperties
        }
        data-variant="default"
        data-size={size}
        data-pointer={pointer || undefined}
        data-disabled={disabled || undefined}
        data-with-right-section={section ? true : undefined}
        className={`m_6c018570 mantine-Input-wrapper mantine-${component}-wrapper`}
      >
        {children}
        {section && (
          <div data-position="right" className={`m_82577fc2 mantine-Input-section mantine-${component}-section`}>
            {section}
          </div>
        )}
      </div>
    </div>
  );
}

/** The id a field's label points at: the one given, else one of the page's own (the same on the server and in the browser). */
function useFieldId(given: string | undefined): string {
  const generated = `plain-${useId().replace(/:/g, '')}`;
  return given ?? generated;
}

const inputClass = (component: string) => `${inputClasses.input} m_8fb7ebe7 mantine-Input-input mantine-${component}-input`;

export type PlainNativeSelectProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'style' | 'children'> & { data: ReadonlyArray<{ value: string; label: string }> };

/** Mantine's NativeSelect: the phone's own picker under a label, with Mantine's chevron. */
export const PlainNativeSelect = forwardRef<HTMLSelectElement, PlainNativeSelectProps>(function PlainNativeSelect(
  { label, size = 'sm', style, data, id: givenId, disabled, required, ...select },
  ref,
) {
  const id = useFieldId(givenId);
  return (
    <Field component="NativeSelect" label={label} size={size} style={style} disabled={disabled} required={required} id={id} pointer section={chevron(size)}>
      <select
        {...select}
        ref={ref}
        required={required}
        data-variant="default"
        data-disabled={disabled || undefined}
        disabled={disabled}
        id={id}
        className={inputClass('NativeSelect')}
      >
        {data.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
});

export type PlainTextInputProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'style'> & {
    /** Mantine's InputBase with a Select's chevron (a closed Select's look-alike) rather than a TextInput. */
    selectLook?: boolean;
    /** With selectLook: Mantine's clear button beside the chevron, as a clearable Select with a value shows. */
    onClear?: () => void;
  };

/** Mantine's TextInput: a text field under a label. */
export const PlainTextInput = forwardRef<HTMLInputElement, PlainTextInputProps>(function PlainTextInput(
  { label, size = 'sm', style, id: givenId, disabled, required, selectLook, onClear, ...input },
  ref,
) {
  const id = useFieldId(givenId);
  const component = selectLook ? 'InputBase' : 'TextInput';
  const section = selectLook && onClear ? clearAndChevron(onClear) : selectLook ? chevron() : undefined;
  return (
    <Field
      component={component}
      label={label}
      size={size}
      style={style}
      disabled={disabled}
      required={required}
      id={id}
      // A Select one picks from rather than types in is read-only, with a pointer over it.
      pointer={selectLook && input.readOnly}
      section={section}
      sectionPointerEvents={onClear ? 'all' : 'none'}
    >
      <input
        {...input}
        ref={ref}
        data-variant="default"
        data-disabled={disabled || undefined}
        disabled={disabled}
        required={required}
        id={id}
        className={inputClass(component)}
      />
    </Field>
  );
});

type ButtonVariant = 'filled' | 'light' | 'subtle' | 'transparent' | 'default' | 'white' | 'outline';
type ButtonColor = 'ocean' | 'red' | 'gray' | 'white' | 'coral.3';
type ButtonSize = 'xs' | 'sm' | 'md' | 'compact-xs' | 'compact-sm' | 'compact-md';

const transparentBorder = 'calc(0.0625rem * var(--mantine-scale)) solid transparent';

/**
 * What Mantine's Button writes for a variant in a colour (its variantColorResolver, with the theme's
 * primary colour "ocean" by default); the test checks each pair the app uses against Mantine's own.
 */
function buttonColours(variant: ButtonVariant, color: ButtonColor): Record<string, string> {
  const c = `var(--mantine-color-${color}`;
  switch (variant) {
    case 'filled':
      // coral.3 is light: autoContrast picks black text on it, and hovering darkens it a shade.
      return color === 'coral.3'
        ? {
            '--button-bg': 'var(--mantine-color-coral-3)',
            '--button-hover': 'var(--mantine-color-coral-4)',
            '--button-color': 'var(--mantine-color-black)',
            '--button-bd': transparentBorder,
          }
        : { '--button-color': 'var(--mantine-color-white)' };
    case 'light':
      return { '--button-bg': `${c}-light)`, '--button-hover': `${c}-light-hover)`, '--button-color': `${c}-light-color)`, '--button-bd': transparentBorder };
    case 'subtle':
      return { '--button-bg': 'transparent', '--button-hover': `${c}-light-hover)`, '--button-color': `${c}-light-color)`, '--button-bd': transparentBorder };
    case 'transparent':
      return { '--button-bg': 'transparent', '--button-hover': 'transparent', '--button-color': `${c}-light-color)`, '--button-bd': transparentBorder };
    case 'white':
      return {
        '--button-bg': 'var(--mantine-color-white)',
        '--button-hover': 'rgba(252, 252, 252, 1)',
        '--button-color': 'var(--mantine-color-ocean-filled)',
        '--button-bd': transparentBorder,
      };
    case 'outline':
      // Only in white, on the welcome page's dark hero.
      return {
        '--button-bg': 'transparent',
        '--button-hover': 'rgba(0, 0, 0, 0.05)',
        '--button-color': 'white',
        '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid white',
      };
    default:
      return {
        '--button-bg': 'var(--mantine-color-default)',
        '--button-hover': 'var(--mantine-color-default-hover)',
        '--button-color': 'var(--mantine-color-default-color)',
        '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
      };
  }
}

interface ButtonLook extends Pick<BoxSpacing, 'mt' | 'mr'> {
  variant?: ButtonVariant;
  color?: ButtonColor;
  /** Mantine's sizes the app's plain buttons use. */
  size?: ButtonSize;
  radius?: 'xl';
  /** A max-width that lets a long label shrink (Mantine's `maw`). */
  maw?: '100%';
  /** Hidden from this breakpoint up, as Mantine's `hiddenFrom`. */
  hiddenFrom?: 'xs';
}

export type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'style' | 'color'> &
  ButtonLook & {
    /** Drawn before the label, as Mantine's `leftSection` (a spinner while busy). */
    leftSection?: ReactNode;
    /** Drawn after the label, as Mantine's `rightSection` (a chip's ×). */
    rightSection?: ReactNode;
    'data-pending'?: boolean;
    /** Mantine's `loading`: disabled, its label hidden behind a spinner (the follow button while it saves). */
    loading?: boolean;
  };

/**
 * The attributes of Mantine's Button, for a <button> (PlainButton) or for the router's link drawn as
 * a button (`<Link {...plainButton({ size: 'md' })}>{plainButtonLabel(text)}</Link>`).
 */
export function plainButton({
  variant = 'filled',
  color = 'ocean',
  size = 'sm',
  radius,
  maw,
  mt,
  mr,
  hiddenFrom,
  disabled,
  withLeftSection,
  withRightSection,
  className,
}: ButtonLook & { disabled?: boolean; withLeftSection?: boolean; withRightSection?: boolean; className?: string } = {}) {
  const sized: Record<string, string> =
    size === 'sm'
      ? {}
      : {
          '--button-height': `var(--button-height-${size})`,
          '--button-padding-x': `var(--button-padding-x-${size})`,
          '--button-fz': `var(--mantine-font-size-${size.replace('compact-', '')})`,
        };
  return {
    style: {
      ...sized,
      ...(radius ? { '--button-radius': `var(--mantine-radius-${radius})` } : {}),
      ...buttonColours(variant, color),
      ...boxStyle({ mt, mr }),
      ...(maw ? { maxWidth: maw } : {}),
    } as CSSProperties,
    'data-variant': variant === 'filled' ? undefined : variant,
    'data-size': size === 'sm' ? undefined : size,
    'data-disabled': disabled || undefined,
    'data-with-left-section': withLeftSection || undefined,
    'data-with-right-section': withRightSection || undefined,
    className: cx(
      'mantine-focus-auto',
      !disabled && 'mantine-active',
      'm_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root',
      hiddenFrom && `mantine-hidden-from-${hiddenFrom}`,
      className,
    ),
  };
}

/** What Mantine's Button holds: its label, between optional sections (a spinner while busy, a chip's ×). */
export function plainButtonLabel(label: ReactNode, leftSection?: ReactNode, rightSection?: ReactNode, loading?: boolean) {
  return (
    <span className="m_80f1301b mantine-Button-inner">
      {leftSection && (
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {leftSection}
        </span>
      )}
      <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
        {label}
      </span>
      {rightSection && (
        <span className="m_a74036a mantine-Button-section" data-position="right">
          {rightSection}
        </span>
      )}
    </span>
  );
}

/** Where Mantine's Transition leaves a loading Button's spinner once it has appeared (it is drawn at once here). */
const buttonLoaderStyle = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'center',
  opacity: 1,
  transform: 'translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))',
} as CSSProperties;

/** Mantine's Button. */
export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  { variant, color, size, radius, maw, mt, mr, hiddenFrom, leftSection, rightSection, disabled, loading, className, type = 'button', children, ...button },
  ref,
) {
  return (
    <button
      {...button}
      ref={ref}
      {...plainButton({
        variant,
        color,
        size,
        radius,
        maw,
        mt,
        mr,
        hiddenFrom,
        disabled: disabled || loading,
        withLeftSection: Boolean(leftSection),
        withRightSection: Boolean(rightSection),
        className,
      })}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      type={type}
      disabled={disabled || loading}
    >
      {loading && (
        <span style={buttonLoaderStyle} className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <span
            style={{ '--loader-size': 'calc(var(--button-height) / 1.8)', '--loader-color': 'var(--button-color)' } as CSSProperties}
            className="m_b34414df m_5ae2e3c mantine-Loader-root"
          />
        </span>
      )}
      {plainButtonLabel(children, leftSection, rightSection, loading)}
    </button>
  );
});

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;

/** A spacing as Mantine writes it: a theme step, or pixels as rem scaled by the theme. */
const space = (value: Spacing) =>
  typeof value === 'number' ? (value === 0 ? '0rem' : `calc(${value / 16}rem * var(--mantine-scale))`) : `var(--mantine-spacing-${value})`;

interface BoxSpacing {
  mt?: Spacing;
  mb?: Spacing;
  mr?: Spacing;
  my?: Spacing;
  ml?: Spacing | 'auto';
  py?: Spacing;
  px?: Spacing;
  p?: Spacing;
  h?: number;
}

/** Mantine's style props that the plain parts take, as the inline style Mantine writes for them. */
function boxStyle({ mt, mb, mr, my, ml, py, px, p, h }: BoxSpacing): Record<string, string> {
  const style: Record<string, string> = {};
  if (mt !== undefined) style.marginTop = space(mt);
  if (mb !== undefined) style.marginBottom = space(mb);
  if (mr !== undefined) style.marginRight = space(mr);
  if (my !== undefined) style.marginBlock = space(my);
  if (ml !== undefined) style.marginLeft = ml === 'auto' ? 'auto' : space(ml);
  if (p !== undefined) style.padding = space(p);
  if (py !== undefined) style.paddingBlock = space(py);
  if (px !== undefined) style.paddingInline = space(px);
  if (h !== undefined) style.height = space(h);
  return style;
}

const SPACING_KEYS = ['mt', 'mb', 'mr', 'my', 'ml', 'py', 'px', 'p', 'h'] as const satisfies ReadonlyArray<keyof BoxSpacing>;

/**
 * A part's props split in two: Mantine's style props, as the inline style they make, and the rest,
 * for the element. One list of the style props, so none of them ends up as an HTML attribute.
 */
function splitSpacing<T extends BoxSpacing>(props: T): [Record<string, string>, Omit<T, keyof BoxSpacing>] {
  const spacing: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...(props as Record<string, unknown>) };
  for (const key of SPACING_KEYS) {
    spacing[key] = props[key];
    delete rest[key];
  }
  return [boxStyle(spacing as BoxSpacing), rest as Omit<T, keyof BoxSpacing>];
}

type Extra = Omit<HTMLAttributes<HTMLElement>, 'style'>;

/** Mantine's Container. */
export function PlainContainer({ size, children, ...rest }: BoxSpacing & Extra & { size: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }) {
  const [spacing, attributes] = splitSpacing(rest);
  return (
    <div
      {...attributes}
      style={{ '--container-size': `var(--container-size-${size})`, ...spacing } as CSSProperties}
      data-size={size}
      data-strategy="block"
      className={cx(attributes.className, 'm_7485cace mantine-Container-root')}
    >
      {children}
    </div>
  );
}

/** Mantine's Title: a heading of the given level, drawn at its own size or at another heading's. */
export function PlainTitle({
  order = 1,
  size,
  className,
  mt,
  mb,
  children,
  ...attributes
}: Extra & { order?: 1 | 2 | 3; size?: 'h1' | 'h2' | 'h3' | 'h4'; mt?: Spacing; mb?: Spacing }) {
  const Heading = `h${order}` as const;
  const drawn = size ?? Heading;
  return (
    <Heading
      {...attributes}
      style={
        {
          '--title-fw': `var(--mantine-${drawn}-font-weight)`,
          '--title-lh': `var(--mantine-${drawn}-line-height)`,
          '--title-fz': `var(--mantine-${drawn}-font-size)`,
          ...boxStyle({ mt, mb }),
        } as CSSProperties
      }
      data-size={size}
      data-order={order}
      className={cx(className, 'm_8a5d1357 mantine-Title-root')}
    >
      {children}
    </Heading>
  );
}

/** Mantine's Group: a row. */
export function PlainGroup({
  gap = 'md',
  justify = 'flex-start',
  align = 'center',
  wrap = 'wrap',
  children,
  ...rest
}: BoxSpacing &
  Extra & {
    component?: 'div' | 'ul';
    gap?: Spacing;
    justify?: 'flex-start' | 'flex-end' | 'space-between';
    align?: 'center' | 'flex-end' | 'baseline';
    wrap?: 'wrap' | 'nowrap';
    hiddenFrom?: 'xs';
  }) {
  const [spacing, { component: Element = 'div', hiddenFrom, ...attributes }] = splitSpacing(rest);
  return (
    <Element
      {...attributes}
      style={
        {
          '--group-gap': space(gap),
          '--group-align': align,
          '--group-justify': justify,
          '--group-wrap': wrap,
          ...spacing,
        } as CSSProperties
      }
      className={cx(attributes.className, 'm_4081bf90 mantine-Group-root', hiddenFrom && `mantine-hidden-from-${hiddenFrom}`)}
    >
      {children}
    </Element>
  );
}

/** Mantine's Stack: a column. */
export function PlainStack({
  component: Element,
  gap = 'md',
  align = 'stretch',
  mt,
  pt,
  py,
  border,
  children,
  ...attributes
}: Extra & {
  component: 'div' | 'section' | 'nav';
  gap?: Spacing;
  align?: 'stretch' | 'center' | 'flex-start';
  mt?: Spacing;
  pt?: Spacing;
  py?: Spacing;
  border?: string;
}) {
  return (
    <Element
      {...attributes}
      style={
        {
          '--stack-gap': space(gap),
          '--stack-align': align,
          '--stack-justify': 'flex-start',
          ...(border ? { borderTop: border } : {}),
          ...boxStyle({ mt, py }),
          ...(pt !== undefined ? { paddingTop: space(pt) } : {}),
        } as CSSProperties
      }
      className="m_6d731127 mantine-Stack-root"
    >
      {children}
    </Element>
  );
}

/** Mantine's Center. */
export const PlainCenter = forwardRef<HTMLDivElement, Extra & { py?: Spacing }>(function PlainCenter({ py, children, ...attributes }, ref) {
  return (
    <div {...attributes} ref={ref} style={boxStyle({ py }) as CSSProperties} className="m_4451eb3a mantine-Center-root">
      {children}
    </div>
  );
});

/** Mantine's Text as a paragraph: a theme size, optionally dimmed, centred or medium weight. */
export function PlainText({
  component: Element = 'p',
  size,
  dimmed,
  color,
  center,
  uppercase,
  fw,
  m,
  py,
  mt,
  mb,
  className,
  children,
  ...attributes
}: Extra & {
  component?: 'p' | 'span' | 'dt' | 'dd';
  size?: 'xs' | 'sm' | 'md' | 'lg';
  dimmed?: boolean;
  /** A theme colour other than dimmed: an error's red, or the darkest text on a light background. */
  color?: 'red.8' | 'dark.9';
  mt?: Spacing;
  center?: boolean;
  uppercase?: boolean;
  fw?: 500 | 600;
  m?: 0;
  py?: Spacing;
  mb?: Spacing;
}) {
  const style = {
    ...(size ? { '--text-fz': `var(--mantine-font-size-${size})`, '--text-lh': `var(--mantine-line-height-${size})` } : {}),
    ...(m !== undefined ? { margin: space(m) } : {}),
    ...(dimmed ? { color: 'var(--mantine-color-dimmed)' } : color ? { color: `var(--mantine-color-${color.replace('.', '-')})` } : {}),
    ...(fw ? { fontWeight: fw } : {}),
    ...(center ? { textAlign: 'center' } : {}),
    ...(uppercase ? { textTransform: 'uppercase' } : {}),
    ...boxStyle({ mt, mb, py }),
  };
  return (
    <Element
      {...attributes}
      style={Object.keys(style).length ? (style as CSSProperties) : undefined}
      data-size={size}
      className={cx('mantine-focus-auto', className, 'm_b6d8b162 mantine-Text-root')}
    >
      {children}
    </Element>
  );
}

/** Mantine's Paper with its border, as a <div> or as a form. */
export function PlainPaper({
  component = 'div',
  children,
  ...rest
}: BoxSpacing & Omit<FormHTMLAttributes<HTMLFormElement>, 'style'> & { component?: 'div' | 'form' }) {
  const [spacing, attributes] = splitSpacing(rest);
  // Typed as the form: a <div> is given only the attributes both share (the job page passes none).
  const Element = component as 'form';
  return (
    <Element {...attributes} style={spacing as CSSProperties} data-with-border="true" className="m_1b7284a3 mantine-Paper-root">
      {children}
    </Element>
  );
}

/** Mantine's Card with its border, padded (lg unless told), optionally on a theme colour (`ocean.0`), as a <div> or an <article>. */
export function PlainCard({
  component: Element = 'div',
  padding = 'lg',
  className,
  bg,
  children,
}: {
  component?: 'div' | 'article';
  padding?: 'md' | 'lg';
  className?: string;
  bg?: 'ocean.0';
  children?: ReactNode;
}) {
  return (
    <Element
      style={
        {
          '--card-padding': `var(--mantine-spacing-${padding})`,
          ...(bg ? { background: `var(--mantine-color-${bg.replace('.', '-')})` } : {}),
        } as CSSProperties
      }
      data-with-border="true"
      data-orientation="vertical"
      className={cx(className, 'm_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root')}
    >
      {children}
    </Element>
  );
}

// The two looks of Mantine's ThemeIcon the welcome page uses: light in the primary colour, and filled
// in a light coral with its text colour chosen for contrast (autoContrast).
const themeIcons = {
  'ocean-light': {
    attributes: { 'data-variant': 'light', color: 'ocean' },
    bg: 'var(--mantine-color-ocean-light)',
    color: 'var(--mantine-color-ocean-light-color)',
  },
  'coral-2': { attributes: { color: 'coral.2' }, bg: 'var(--mantine-color-coral-2)', color: 'var(--mantine-color-black)' },
} as const;

/** Mantine's ThemeIcon: an icon on a coloured square or circle. */
export function PlainThemeIcon({ tone, size, radius, children }: { tone: keyof typeof themeIcons; size: number; radius: 'md' | 'xl'; children?: ReactNode }) {
  const look = themeIcons[tone];
  return (
    <div
      style={
        {
          '--ti-size': space(size),
          '--ti-radius': `var(--mantine-radius-${radius})`,
          '--ti-bg': look.bg,
          '--ti-color': look.color,
          '--ti-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
        } as CSSProperties
      }
      // Mantine's ThemeIcon writes these onto its element too; kept so both render the same HTML.
      {...look.attributes}
      {...{ radius }}
      className="m_7341320d mantine-ThemeIcon-root"
    >
      {children}
    </div>
  );
}

/** Mantine's Anchor, for a link component of the app's router: its classes, style and underline. */
export function plainAnchor({ fw, mt, size, display }: { fw?: 600; mt?: 'auto' | 'xs'; size?: 'sm'; display?: 'inline-block' } = {}) {
  return {
    style: {
      ...(size ? { '--text-fz': `var(--mantine-font-size-${size})`, '--text-lh': `var(--mantine-line-height-${size})` } : {}),
      ...(mt ? { marginTop: mt === 'auto' ? mt : space(mt) } : {}),
      ...(display ? { display } : {}),
      ...(fw ? { fontWeight: fw } : {}),
    } as CSSProperties,
    'data-size': size,
    'data-underline': 'always',
    className: 'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root',
  };
}

/** Mantine's Loader (its default, a ring drawn by the stylesheet): a theme size or pixels, in grey or the primary colour. */
export function PlainLoader({ size, color, ...attributes }: Extra & { size: 'xs' | 'sm' | number; color?: 'gray' }) {
  return (
    <span
      {...attributes}
      style={
        {
          '--loader-size': typeof size === 'number' ? space(size) : `var(--loader-size-${size})`,
          ...(color ? { '--loader-color': `var(--mantine-color-${color}-filled)` } : {}),
        } as CSSProperties
      }
      data-size={typeof size === 'number' ? undefined : size}
      className="m_b34414df m_5ae2e3c mantine-Loader-root"
    />
  );
}

/** Mantine's UnstyledButton: a button that looks like nothing until its class says otherwise. */
export const PlainUnstyledButton = forwardRef<HTMLButtonElement, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>>(function PlainUnstyledButton(
  { className, ...button },
  ref,
) {
  return <button {...button} ref={ref} type="button" className={cx('mantine-focus-auto', className, 'm_87cf2631 mantine-UnstyledButton-root')} />;
});

/** Mantine's Burger: the phone menu's button, its three lines turning into a cross when open. */
export const PlainBurger = forwardRef<HTMLButtonElement, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { opened: boolean }>(function PlainBurger(
  { opened, ...button },
  ref,
) {
  return (
    <PlainUnstyledButton {...button} ref={ref} className="m_fea6bf1a mantine-Burger-root">
      <div className="m_d4fb9cad mantine-Burger-burger" data-reduce-motion="true" data-opened={opened || undefined} />
    </PlainUnstyledButton>
  );
});

/**
 * Mantine's Alert with a title: a light box in red (something failed) or yellow (something to do).
 * Its title names it and its message describes it, for screen readers.
 */
export function PlainAlert({
  color,
  variant,
  title,
  titleStyle,
  my,
  children,
}: {
  color: 'red' | 'yellow';
  /** Written out as Mantine does when the variant is given rather than left to its default (the same look). */
  variant?: 'light';
  title: ReactNode;
  titleStyle?: CSSProperties;
  my?: Spacing;
  children?: ReactNode;
}) {
  const id = `mantine-${useId().replace(/:/g, '')}`;
  return (
    <div
      style={
        {
          '--alert-bg': `var(--mantine-color-${color}-light)`,
          '--alert-color': `var(--mantine-color-${color}-light-color)`,
          '--alert-bd': transparentBorder,
          ...boxStyle({ my }),
        } as CSSProperties
      }
      className="m_66836ed3 mantine-Alert-root"
      data-variant={variant}
      id={id}
      role="alert"
      aria-describedby={`${id}-body`}
      aria-labelledby={`${id}-title`}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          <div className="m_6a03f287 mantine-Alert-title" style={titleStyle}>
            <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
              {title}
            </span>
          </div>
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message" data-variant={variant}>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Mantine's Badge, outlined in a darker teal (a job's) or light in teal (a company's), its label as written (no upper case). */
export function PlainBadge({ color, children }: { color: 'teal.9' | 'teal'; children?: ReactNode }) {
  const c = `var(--mantine-color-${color.replace('.', '-')})`;
  const light = color === 'teal';
  return (
    <div
      style={
        {
          '--badge-bg': light ? `${c.slice(0, -1)}-light)` : 'transparent',
          '--badge-color': light ? `${c.slice(0, -1)}-light-color)` : c,
          '--badge-bd': light ? transparentBorder : `calc(0.0625rem * var(--mantine-scale)) solid ${c}`,
          textTransform: 'none',
        } as CSSProperties
      }
      className="m_347db0ec mantine-Badge-root"
      data-variant={light ? 'light' : 'outline'}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

/** Mantine's Skeleton: a shimmering block where something is still loading. */
export function PlainSkeleton({ height, width, radius }: { height: number; width?: number; radius?: 'sm' }) {
  return (
    <div
      style={
        {
          '--skeleton-height': space(height),
          ...(width !== undefined ? { '--skeleton-width': space(width) } : {}),
          ...(radius ? { '--skeleton-radius': `var(--mantine-radius-${radius})` } : {}),
        } as CSSProperties
      }
      className="m_18320242 mantine-Skeleton-root"
      data-visible="true"
      data-animate="true"
    />
  );
}

const checkIcon = (
  <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className="m_bf295423 mantine-Checkbox-icon">
    <path
      d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * Mantine's Checkbox with its label on the right. Mantine's stylesheet for it (Checkbox.css and
 * InlineInput.css) is imported by the module that renders it, as Mantine's own Checkbox needs.
 */
export function PlainCheckbox({
  label,
  id: givenId,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'style'> & { label: ReactNode }) {
  const generated = `mantine-${useId().replace(/:/g, '')}`;
  const id = givenId ?? generated;
  return (
    <div
      style={{ '--checkbox-radius': 'var(--mantine-radius-sm)', '--checkbox-color': 'var(--mantine-color-ocean-filled)' } as CSSProperties}
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-checked={input.checked || undefined}
      data-variant="filled"
      data-label-position="right"
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input {...input} className="mantine-focus-auto m_26063560 mantine-Checkbox-input" data-with-error-styles="true" id={id} type="checkbox" />
          {checkIcon}
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper">
          <label className="m_8ee546b8 mantine-Checkbox-label" htmlFor={id}>
            {label}
          </label>
        </div>
      </div>
    </div>
  );
}
