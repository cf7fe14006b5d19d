import { describe, expect, it } from 'vitest';
import { filtersFromParams, removeChip } from './use-job-filters';

describe('removing a filter chip', () => {
  it('takes the salary amount, its period and its currency out of the URL, and leaves the other filters', () => {
    const url = new URLSearchParams('title=nurse&salary=150000&per=year&currency=JMD&country=Jamaica');
    removeChip(url, 'salary');
    expect(url.toString()).toBe('title=nurse&country=Jamaica');
    expect(filtersFromParams(url)).toEqual({ title: 'nurse', country: 'Jamaica' });
  });

  it('takes out only its own key for any other filter', () => {
    const url = new URLSearchParams('workplace=remote&salary=10000&per=month&currency=TTD');
    removeChip(url, 'workplace');
    expect(url.toString()).toBe('salary=10000&per=month&currency=TTD');
    removeChip(url, 'country');
    expect(url.toString()).toBe('salary=10000&per=month&currency=TTD');
  });
});
