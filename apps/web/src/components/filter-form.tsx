import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { formFilters } from '../lib/filter-form';

/**
 * A list's filters as a GET form whose fields are named as the URL's parameters: sent before the
 * page has hydrated (or without JavaScript) the server renders the filtered list; afterwards the
 * submit is caught and the same values filter in place (decision 0027).
 */
export function FilterForm({
  label,
  onFilters,
  children,
  ...paper
}: PaperProps & { label?: string; onFilters: (values: Record<string, string>) => void; children: ReactNode }) {
  return (
    <Paper
      component="form"
      method="get"
      role="search"
      withBorder
      aria-label={label}
      onSubmit={(e: React.FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        onFilters(formFilters(e.currentTarget));
      }}
      {...paper}
    >
      {children}
    </Paper>
  );
}
