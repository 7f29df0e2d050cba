/**
 * The answers of the proxy's own API: the explorer's names and types, whatever shape the data
 * service sends (the proxy's upstream adapter turns every variant it knows into these).
 * Text the service may leave out is `null` here, never a string "null".
 */
export * from './upstream-fields';
export * from './catalogue';
export * from './datasets';
export * from './usage';
export * from './across-releases';
