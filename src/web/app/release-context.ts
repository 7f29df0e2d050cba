import { createContext, useContext } from 'react';
import type { ReleaseRef } from '../config/routes';

/** The release of the page being shown, provided by the release route from its loader. */
export const ReleaseContext = createContext<ReleaseRef | undefined>(undefined);

/** The release of the current page; pages under `/:version/:systemModel` always have one. */
export function useRelease(): ReleaseRef {
  const release = useContext(ReleaseContext);
  if (!release) throw new Error('useRelease is only for pages under /:version/:systemModel');
  return release;
}
