import type { ReactNode } from 'react';
import { formFilters } from '../lib/filter-form';
import { PlainPaper } from './plain-mantine';

/**
 * A list's filters as a GET form whose fields are named as the URL's parameters: sent before the
 * page has hydrated (or without JavaScript) the server renders the filtered list; afterwards the
 * submit is caught and the same values filter in place (decision 0027).
 */
export function FilterForm({
  label,
  onFilters,
  children,
  p,
  mb,
}: {
  p: 'sm' | 'md';
  mb: 'md' | 'lg';
  label?: string;
  onFilters: (values: Record<string, string>) => void;
  children: ReactNode;
}) {
  return (
    <PlainPaper
      component="form"
      method="get"
      role="search"
      aria-label={label}
      p={p}
      mb={mb}
      onSubmit={(e: React.FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        onFilters(formFilters(e.currentTarget));
      }}
    >
      {children}
    </PlainPaper>
  );
}
