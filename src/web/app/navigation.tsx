import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';
import type { CompareColumn } from '../config/compare-link';
import type { ReleaseRef } from '../config/routes';

/**
 * The side navigation, every link in the release being worked in and carrying its indicator
 * set; Compare reopens the last comparison of that release. A dataset's history belongs to
 * Datasets; what changed and the upgrade check compare this release with an older one.
 */
export function Navigation(props: {
  release: ReleaseRef | undefined;
  ind: readonly number[];
  ds: readonly CompareColumn[];
  /** Whether the page is one of that release's (not Usage, nor a release that is not there). */
  inRelease: boolean;
  onNavigate: () => void;
}) {
  const { release, ind, ds, inRelease } = props;
  const location = useLocation();
  const items = [
    ...(release
      ? [
          {
            label: 'Overview',
            to: paths.release(release, { ind }),
            active: (path: string) => inRelease && /^\/[^/]+\/[^/]+$/.test(path),
          },
          {
            label: 'Indicators',
            to: paths.indicators(release, { ind }),
            active: (path: string) => inRelease && path.endsWith('/indicators'),
          },
          {
            label: 'Datasets',
            to: paths.datasets(release, { ind }),
            active: (path: string) => inRelease && /\/(datasets|lookup)(\/|$)/.test(path),
          },
          {
            label: 'Compare',
            to: paths.compare(release, { ind, ds }),
            active: (path: string) => inRelease && path.endsWith('/compare'),
          },
          {
            label: 'What changed',
            to: paths.changes(release, { ind }),
            active: (path: string) => inRelease && path.endsWith('/changes'),
          },
          {
            label: 'Upgrade check',
            to: paths.upgrade(release, { ind }),
            active: (path: string) => inRelease && path.endsWith('/upgrade'),
          },
        ]
      : []),
    {
      label: 'Releases',
      to: paths.releases(),
      active: (path: string) => path === paths.releases(),
    },
    { label: 'Usage', to: paths.usage(), active: (path: string) => path === paths.usage() },
    {
      label: 'API access',
      to: paths.apiAccess(),
      active: (path: string) => path === paths.apiAccess(),
    },
  ];
  return items.map((item) => (
    <NavLink
      key={item.label}
      variant="filled"
      component={Link}
      to={item.to}
      label={item.label}
      active={item.active(location.pathname)}
      aria-current={item.active(location.pathname) ? 'page' : undefined}
      onClick={props.onNavigate}
    />
  ));
}
