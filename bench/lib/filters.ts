import type { JobListFilters } from '@caribconnect/shared';

export interface BenchFilters extends JobListFilters {
  cursor?: string;
}

export interface AdBenchFilters {
  q?: string;
  category?: string;
  country?: string;
  minPrice?: string;
  maxPrice?: string;
  free?: string;
  sort?: string;
  cursor?: string;
}
