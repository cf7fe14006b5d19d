import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every public page's first load is the entry and what it imports statically. A module of
// packages/shared that imports zod (a schema) is kept whole by the bundler once anything of it is
// used, its `z.object(...)` calls included, so one constant read from a schema module brought zod
// (about 22 KB compressed) into every first load (decision 0046). This walks the entry's static
// imports, as the bundler does, and names any that reaches zod.

const SRC = path.resolve(import.meta.dirname);
const SHARED = path.resolve(SRC, '../../../packages/shared/src');

/** `import …`/`export … from` statements that keep a value: not `import type`, not all-`type` lists. */
function valueImports(code: string): Array<{ spec: string; names: string[] }> {
  const found: Array<{ spec: string; names: string[] }> = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(type\s+)?([^'";=()]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, clause, spec] = m;
    if (typeOnly) continue;
    const list = /\{([^}]*)\}/.exec(clause)?.[1];
    const names = (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '))
      .map((s) => s.split(/\s+as\s+/)[0]!);
    // `{ type A, type B }` alone keeps nothing; `* as x`, a default or a bare `import 'x'` keep the module.
    if (list !== undefined && !names.length && !clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '')) continue;
    found.push({ spec, names });
  }
  return found;
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')])
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.(tsx?|js)$/.test(candidate)) return candidate;
  return null;
}

/** The module of packages/shared that defines `name` among those the package's index re-exports. */
function definingModule(name: string): string | null {
  const index = readFileSync(path.join(SHARED, 'index.ts'), 'utf8');
  for (const [, spec] of index.matchAll(/export \* from '([^']+)'/g)) {
    const file = resolveFile(path.join(SHARED, spec!))!;
    const code = readFileSync(file, 'utf8');
    if (new RegExp(`export\\s+(?:const|function|class|let|enum)\\s+${name}\\b`).test(code)) return file;
    if (new RegExp(`export\\s+\\{[^}]*\\b${name}\\b[^}]*\\}\\s+from\\s+'([^']+)'`).test(code)) return file;
  }
  return null;
}

/** Chains of static imports from the entry that end at zod. */
function pathsToZod(entry: string): string[] {
  const seen = new Set<string>();
  const offending: string[] = [];
  const visit = (file: string, via: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...via, path.relative(path.resolve(SRC, '../../..'), file)];
    for (const { spec, names } of valueImports(readFileSync(file, 'utf8'))) {
      if (spec === 'zod' || spec.startsWith('zod/') || (file.startsWith(SHARED) && /^\.\/zod$/.test(spec))) {
        offending.push(here.join(' → '));
        continue;
      }
      let targets: Array<string | null> = [];
      if (spec.startsWith('.')) targets = [resolveFile(path.resolve(path.dirname(file), spec))];
      else if (spec === '@caribconnect/shared') targets = names.map(definingModule);
      else if (spec.startsWith('@caribconnect/shared/')) targets = [resolveFile(path.join(SHARED, spec.slice('@caribconnect/shared/'.length)))];
      for (const target of targets) if (target) visit(target, here);
    }
  };
  visit(entry, []);
  return offending;
}

describe('the first load', () => {
  it('never reaches zod through the entry’s static imports', () => {
    expect(pathsToZod(path.join(SRC, 'entry-client.tsx'))).toEqual([]);
  });

  it('the walk finds zod where it is (so the check above can fail)', () => {
    expect(pathsToZod(path.join(SHARED, 'saved.schema.ts'))).not.toEqual([]);
  });
});
