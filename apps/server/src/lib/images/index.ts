export * from './process-image';
