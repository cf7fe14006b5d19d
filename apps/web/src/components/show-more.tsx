import { Anchor, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import classes from './show-more.module.css';

/**
 * Long text folded to its first `lines` lines, with "Show more" / "Show less" when there is more to
 * read. Mantine's Spoiler folds at a height, which cuts a line in half unless the height happens to
 * be a multiple of the line's; this folds by lines, whatever the font size or language.
 */
export function ShowMore({
  lines,
  showLabel,
  hideLabel,
  className,
  children,
}: {
  lines: number;
  showLabel: string;
  hideLabel: string;
  className?: string;
  children: string;
}) {
  const id = useId();
  const text = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [longer, setLonger] = useState(false);

  // Whether the folded text hides anything: it depends on the width (a phone turned, a window resized).
  useEffect(() => {
    const el = text.current;
    if (!el || open) return;
    const measure = () => setLonger(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open, children]);

  return (
    <>
      <Text ref={text} id={id} className={`${className ?? ''} ${open ? '' : classes.folded}`} style={{ '--show-more-lines': lines } as CSSProperties}>
        {children}
      </Text>
      {(longer || open) && (
        <Anchor component="button" type="button" size="sm" mt={4} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? hideLabel : showLabel}
        </Anchor>
      )}
    </>
  );
}
