export const ALL_SPECIALTIES_OPTION = 'All Specialties';
export const SPECIALTIES = [
  'Finance',
  'Tech',
  'Legal',
  'Marketing',
  'Education',
  'Logistics',
  'Construction',
  'Engineering',
  'HR',
  'Healthcare',
  'IT',
] as const;
