export * from './process-image';
export * from './names';
