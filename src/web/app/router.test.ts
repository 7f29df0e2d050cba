import type { RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import { pageModuleOf, pageModules } from '../config/route-patterns';
import { appRoutes, ownLoaderOf } from './router';

/** Every route of the table that loads its page lazily, by its whole path pattern. */
function lazyRoutes(routes: RouteObject[], parent = ''): [string, RouteObject][] {
  return routes.flatMap((route) => {
    const pattern = [parent, route.path ?? ''].filter(Boolean).join('/');
    const own: [string, RouteObject][] = route.lazy ? [[pattern, route]] : [];
    return [...own, ...lazyRoutes(route.children ?? [], pattern)];
  });
}

it('names the module of every page the router loads, the one the router loads', async () => {
  const lazy = lazyRoutes(appRoutes()).filter(([pattern]) => pattern !== '*');
  expect(new Set(lazy.map(([pattern]) => pattern))).toEqual(
    new Set(pageModules.map(([pattern]) => pattern)),
  );
  for (const [pattern, route] of lazy) {
    const module = pageModules.find(([known]) => known === pattern)?.[1];
    const page = (await import(`./routes/${module}.tsx`)) as Record<string, unknown>;
    if (typeof route.lazy === 'function') {
      expect(await route.lazy(), pattern).toBe(page);
      continue;
    }
    // A page whose loader is a module of its own: each part from the module it names.
    const parts = route.lazy as Record<string, () => Promise<unknown>>;
    expect(await parts.Component?.(), pattern).toBe(page.Component);
    expect(await parts.ErrorBoundary?.(), pattern).toBe(page.ErrorBoundary);
    const loader = (await import(`./routes/${module}/loader.ts`)) as Record<string, unknown>;
    expect(await parts.loader?.(), pattern).toBe(loader.loader);
  }
});

it('finds the page a path shows as the router does', () => {
  expect(pageModuleOf('/3.12/cutoff')).toBe('release-overview');
  expect(pageModuleOf('/3.12/cutoff/')).toBe('release-overview');
  expect(pageModuleOf('/releases')).toBe('releases');
  expect(pageModuleOf('/3.12/cutoff/datasets/8279')).toBe('dataset');
  expect(pageModuleOf('/3.12/cutoff/datasets/8279/history')).toBe('dataset-history');
  expect(pageModuleOf('/latest/apos/compare')).toBe('compare');
  expect(pageModuleOf('/3.12/cutoff/lookup/abc')).toBe('lookup');
  expect(pageModuleOf('/')).toBeUndefined();
  expect(pageModuleOf('/callback')).toBeUndefined();
  expect(pageModuleOf('/3.12/cutoff/nothing-here')).toBeUndefined();
});

it('names the loader module of a page that has one of its own, and no other', async () => {
  expect(await ownLoaderOf('/3.12/cutoff/changes')).toBe(await import('./routes/changes/loader'));
  expect(await ownLoaderOf('/3.12/cutoff/datasets/8279/history')).toBe(
    await import('./routes/dataset-history/loader'),
  );
  expect(ownLoaderOf('/3.12/cutoff/compare')).toBeUndefined();
  expect(ownLoaderOf('/3.12/cutoff/datasets/8279')).toBeUndefined();
  expect(ownLoaderOf('/')).toBeUndefined();
});
