/** Shown when the job_categories table is empty or cannot be read (spec section 3). */
export const FALLBACK_JOB_CATEGORIES = [
  'Retail & Grocery',
  'Cleaning Services',
  'Construction',
  'Hospitality',
  'Transportation',
  'Healthcare',
  'Education',
  'Sales',
  'IT & Tech',
  'Administrative',
] as const;
