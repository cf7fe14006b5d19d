export * from './constants/roles';
export * from './auth.schema';
export * from './errors.schema';
export * from './profile.schema';
export * from './feedback.schema';
