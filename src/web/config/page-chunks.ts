/**
 * The id of index.html's list of each page's chunks: vite.config.ts writes it at build, and
 * app/preload-page.ts reads it to fetch a page's code before the sign-in redirect.
 */
export const PAGE_CHUNKS_ID = 'lci-page-chunks';
