import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from '../lib/router';
import { routes } from './router';

// docs/product.md describes every screen the web app has: its table of addresses must name every
// route of the route table, and nothing the app does not answer. A new screen adds its row there.
const productDoc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/product.md'), 'utf8');

/** Every address of the route table, as the document writes it: `/jobs/{id}` for `jobs/:id`. */
function routeAddresses(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const here = route.path !== undefined || route.index ? [own || '/'] : [];
    return [...here, ...routeAddresses(route.children ?? [], own)];
  });
}

/** The addresses in the first column of the table under "## Screens and addresses". */
function documentedAddresses(markdown: string): string[] {
  const section = markdown.split(/^## Screens and addresses$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*[-:]/.test(line));
  return rows.slice(1).flatMap((row) => {
    const cell = row.split('|')[1] ?? '';
    return [...cell.matchAll(/`([^`]+)`/g)]
      .map((m) => m[1]!)
      .filter((a) => a.startsWith('/'))
      .map((a) => a.replace(/\?.*$/, ''));
  });
}

const toDocument = (address: string) => address.replace(/:(\w+)/g, '{$1}');

describe('docs/product.md', () => {
  const documented = new Set(documentedAddresses(productDoc));
  // The catch-all is the "page not found" the document mentions under the table.
  const app = [...new Set(routeAddresses(routes).map(toDocument))].filter((a) => a !== '/*');

  it('finds the table of addresses', () => {
    expect(documented.size).toBeGreaterThan(30);
  });

  it('lists every route of the web app in its table of addresses', () => {
    expect(app.filter((a) => !documented.has(a))).toEqual([]);
  });

  it('lists no address the web app does not answer', () => {
    expect([...documented].filter((a) => !app.includes(a))).toEqual([]);
  });
});
