/**
 * The workspace's keyboard (issue 45, decision 0078): j/k move between applicants, 1–5 rate the one
 * in focus, s opens its stage picker. Never while typing: a text field, a text area, a select or an
 * editable element keeps its keys (a checkbox, a radio of the rating or a button does not type).
 */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image']);

export function isTyping(target: EventTarget | null): boolean {
  // Read by shape, not instanceof: the same test runs without a DOM (workspace-keys.test.ts).
  const el = target as { tagName?: unknown; type?: string; isContentEditable?: boolean; getAttribute?: (name: string) => string | null } | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toUpperCase();
  if (tag === 'INPUT') return !NOT_TYPED.has((el.type ?? 'text').toLowerCase());
  return tag === 'TEXTAREA' || tag === 'SELECT' || el.getAttribute?.('role') === 'combobox';
}

export type WorkspaceKey = { kind: 'next' } | { kind: 'previous' } | { kind: 'rate'; rating: number } | { kind: 'stage' };

/** The shortcut a key press means, or null (modifiers held, or typing in a field). */
export function workspaceKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): WorkspaceKey | null {
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return null;
  const key = e.key.toLowerCase();
  if (key === 'j') return { kind: 'next' };
  if (key === 'k') return { kind: 'previous' };
  if (key === 's') return { kind: 'stage' };
  if (/^[1-5]$/.test(key)) return { kind: 'rate', rating: Number(key) };
  return null;
}
