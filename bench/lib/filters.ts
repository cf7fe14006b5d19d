import type { JobListFilters } from '@caribconnect/shared';

export interface BenchFilters extends JobListFilters {
  cursor?: string;
}
