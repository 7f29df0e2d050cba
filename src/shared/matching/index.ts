export * from './dataset-doc';
export * from './match';
export * from './names';
export * from './release-index';
export * from './verdict';
export * from './follow';
