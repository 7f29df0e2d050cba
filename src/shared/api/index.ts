export * from './routes';
export * from './schemas';
export * from './url';
