export * from './auth';
export * from './profiles';
export * from './feedback';
export * from './jobs';
export * from './interviews';
export * from './rate-limits';
export * from './consultants';
export * from './resumes';
