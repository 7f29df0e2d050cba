import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Boot } from '../features/auth/sign-in-first';
import { App } from './app';

/** Renders the explorer into the page, once signing in is settled (main.tsx). */
export function mountExplorer(element: HTMLElement, boot: Boot) {
  createRoot(element).render(
    <StrictMode>
      <App boot={boot} />
    </StrictMode>,
  );
}
