import { describe, expect, it } from 'vitest';
import { isTyping, workspaceKey } from './workspace-keys';

const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, getAttribute: () => null, ...extra }) as unknown as EventTarget;
const press = (key: string, target: EventTarget | null = el('ARTICLE'), mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
  workspaceKey({ key, target, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('the workspace keyboard', () => {
  it('maps j, k, 1–5 and s, in either case', () => {
    expect(press('j')).toEqual({ kind: 'next' });
    expect(press('K')).toEqual({ kind: 'previous' });
    expect(press('s')).toEqual({ kind: 'stage' });
    expect(press('4')).toEqual({ kind: 'rate', rating: 4 });
    expect(press('0')).toBeNull();
    expect(press('6')).toBeNull();
    expect(press('x')).toBeNull();
  });

  it('never fires while typing in a field, or with a modifier held', () => {
    for (const target of [
      el('INPUT', { type: 'text' }),
      el('INPUT', { type: 'search' }),
      el('TEXTAREA'),
      el('SELECT'),
      el('DIV', { isContentEditable: true }),
      el('INPUT', { getAttribute: (n: string) => (n === 'role' ? 'combobox' : null), type: 'text' }),
    ]) {
      expect(isTyping(target)).toBe(true);
      expect(press('j', target)).toBeNull();
      expect(press('3', target)).toBeNull();
    }
    expect(press('j', el('ARTICLE'), { ctrlKey: true })).toBeNull();
    expect(press('s', el('ARTICLE'), { metaKey: true })).toBeNull();
  });

  it('works from a checkbox, a rating star or a button, which take no typing', () => {
    for (const target of [el('INPUT', { type: 'checkbox' }), el('INPUT', { type: 'radio' }), el('BUTTON'), null])
      expect(press('j', target)).toEqual({ kind: 'next' });
  });
});
