import type { JobDateFilter } from '@caribconnect/shared';

export interface BenchFilters {
  title?: string;
  category?: string;
  country?: string;
  date?: JobDateFilter;
  cursor?: string;
}
