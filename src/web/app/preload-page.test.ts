import { afterEach, expect, it } from 'vitest';
import { PAGE_CHUNKS_ID } from '../config/page-chunks';
import { preloadPage } from './preload-page';

const hints = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    as: link.getAttribute('as'),
    crossorigin: link.getAttribute('crossorigin'),
    href: link.getAttribute('href'),
  }));

function listChunks(text: string) {
  const list = document.createElement('script');
  list.type = 'application/json';
  list.id = PAGE_CHUNKS_ID;
  list.textContent = text;
  document.head.append(list);
}

afterEach(() => {
  document.head.innerHTML = '';
});

it('fetches the code of the page the path shows, and of no other page', () => {
  listChunks(
    JSON.stringify({
      indicators: ['/assets/indicators-1.js', '/assets/tree-2.js', '/assets/indicators-3.css'],
      compare: ['/assets/compare-4.js'],
    }),
  );
  preloadPage('/3.12/cutoff/indicators');
  expect(hints()).toEqual([
    { rel: 'modulepreload', as: null, crossorigin: '', href: '/assets/indicators-1.js' },
    { rel: 'modulepreload', as: null, crossorigin: '', href: '/assets/tree-2.js' },
    // Asked for as Vite's loader asks, so the preload is the one used.
    { rel: 'preload', as: 'style', crossorigin: '', href: '/assets/indicators-3.css' },
  ]);
});

it('asks for nothing outside the build’s assets, nor when the list is missing or unreadable', () => {
  preloadPage('/3.12/cutoff/indicators');
  expect(hints()).toEqual([]);
  listChunks('{not json');
  preloadPage('/3.12/cutoff/indicators');
  expect(hints()).toEqual([]);
  document.head.innerHTML = '';
  listChunks(JSON.stringify({ indicators: ['https://elsewhere.example/x.js', 7] }));
  preloadPage('/3.12/cutoff/indicators');
  expect(hints()).toEqual([]);
});
