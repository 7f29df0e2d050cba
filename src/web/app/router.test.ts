import type { RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import { pageModuleOf, pageModules } from '../config/route-patterns';
import { appRoutes } from './router';

/** Every route of the table that loads its page lazily, by its whole path pattern. */
function lazyRoutes(routes: RouteObject[], parent = ''): [string, RouteObject][] {
  return routes.flatMap((route) => {
    const pattern = [parent, route.path ?? ''].filter(Boolean).join('/');
    const own: [string, RouteObject][] = route.lazy ? [[pattern, route]] : [];
    return [...own, ...lazyRoutes(route.children ?? [], pattern)];
  });
}

it('names the module of every page the router loads, the one the router loads', async () => {
  const lazy = lazyRoutes(appRoutes).filter(([pattern]) => pattern !== '*');
  expect(new Set(lazy.map(([pattern]) => pattern))).toEqual(
    new Set(pageModules.map(([pattern]) => pattern)),
  );
  for (const [pattern, route] of lazy) {
    const module = pageModules.find(([known]) => known === pattern)?.[1];
    const loaded = await (route.lazy as () => Promise<unknown>)();
    expect(loaded, pattern).toBe(await import(`./routes/${module}.tsx`));
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
