import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// Mantine reads these browser APIs, which jsdom does not have.
const matchMedia = (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});
Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMedia });
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// Mantine's comboboxes scroll the chosen option into view, which jsdom cannot do.
Element.prototype.scrollIntoView = () => undefined;
