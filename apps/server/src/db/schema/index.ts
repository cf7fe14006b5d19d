export * from './auth';
export * from './profiles';
export * from './feedback';
export * from './jobs';
export * from './ads';
