export * from './walk';
