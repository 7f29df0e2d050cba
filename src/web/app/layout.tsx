import { Anchor, AppShell, Burger, Divider, Group, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import type { VersionEntry } from '../../shared/api/schemas';
import { DEFAULT_SYSTEM_MODEL } from '../../shared/versions';
import { ServiceBusy } from '../components/feedback/service-busy';
import { paths } from '../config/paths';
import { columnToken, type CompareColumn } from '../config/compare-link';
import { searches, type ReleaseRef } from '../config/routes';
import { configQueries } from '../features/auth/api/get-config';
import { AccountPanel, UserMenu } from '../features/auth/components/user-menu';
import { versionQueries } from '../features/releases/api/get-versions';
import { ReleaseSwitcher } from '../features/releases/components/release-switcher';
import { rememberRelease, useLastRelease } from './last-release';
import { ColorSchemeButton, ColorSchemeToggle } from './color-scheme';
import classes from './layout.module.css';
import { LookupBox } from './lookup-box';
import { Navigation } from './navigation';
import { RELEASE_ROUTE_ID } from './route-context';
import type { loader as releaseLoader } from './routes/release-layout';

/** The same list for as long as it holds the same IDs, so what it is passed to need not redraw. */
function useIds(ids: readonly number[]): readonly number[] {
  const key = ids.join(',');
  // The key is the list's contents: a new array of the same IDs keeps the one already given.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => ids, [key]);
}

/** The same columns for as long as they are the same, as `useIds` keeps a list of IDs. */
function useColumns(columns: readonly CompareColumn[]): readonly CompareColumn[] {
  const key = columns.map(columnToken).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => columns, [key]);
}

/**
 * The release the header and the navigation work in: the page's own, else the one last worked
 * in (Usage and Releases keep it), else the latest; and the set and comparison that go with it.
 */
function useCurrentRelease() {
  const pageRelease = useRouteLoaderData<typeof releaseLoader>(RELEASE_ROUTE_ID);
  const location = useLocation();
  // Read only off a release's pages, so remembering on them redraws nothing.
  const last = useLastRelease(pageRelease === undefined);
  const versions = useQuery(versionQueries.all());
  const pageInd = useIds(searches.overview.parse(location.search).ind);
  const onCompare = location.pathname.endsWith('/compare');
  useEffect(() => {
    if (!pageRelease) return;
    rememberRelease({
      release: pageRelease,
      ind: pageInd,
      ...(onCompare ? { ds: searches.compare.parse(location.search).ds } : {}),
    });
  }, [pageRelease, pageInd, onCompare, location.search]);
  const latest = versions.data?.latest;
  const fallback =
    last?.release ?? (latest ? { version: latest, systemModel: DEFAULT_SYSTEM_MODEL } : undefined);
  const version = pageRelease?.version ?? fallback?.version;
  const systemModel = pageRelease?.systemModel ?? fallback?.systemModel;
  const release = useMemo(
    () => (version && systemModel ? { version, systemModel } : undefined),
    [version, systemModel],
  );
  const sameAsLast = last?.release.version === version && last?.release.systemModel === systemModel;
  return {
    release,
    inRelease: pageRelease !== undefined,
    ind: useIds(pageRelease ? pageInd : (last?.ind ?? [])),
    ds: useColumns(sameAsLast ? (last?.ds ?? []) : []),
    versions: versions.data?.releases,
  };
}

interface Controls {
  release: ReleaseRef | undefined;
  ind: readonly number[];
  versions: readonly VersionEntry[] | undefined;
  signedIn: boolean;
}

/** Lookup, release switcher, colour scheme and account, in the header of a wide screen. */
const HeaderControls = memo(function HeaderControls(props: Controls) {
  const { release, ind, versions } = props;
  return (
    <Group gap="sm" wrap="nowrap">
      {release && (
        <div className={classes.wideOnly}>
          <LookupBox release={release} ind={ind} />
        </div>
      )}
      {versions && release && <ReleaseSwitcher versions={versions} current={release} ind={ind} />}
      <ColorSchemeToggle />
      {props.signedIn && <UserMenu />}
    </Group>
  );
});

/** The navigation, and on a narrow screen everything the header has no room for. */
const NavbarContent = memo(function NavbarContent(
  props: Controls & {
    narrow: boolean;
    ds: readonly CompareColumn[];
    inRelease: boolean;
    emulated: boolean;
    close: () => void;
  },
) {
  const { release, ind, versions, narrow, close } = props;
  return (
    <>
      {narrow && (
        <Stack gap="xs" mb="sm">
          {versions && release && (
            <ReleaseSwitcher versions={versions} current={release} ind={ind} onSwitch={close} />
          )}
          {release && <LookupBox release={release} ind={ind} size="md" onLookup={close} />}
        </Stack>
      )}
      <Navigation
        release={release}
        ind={ind}
        ds={props.ds}
        inRelease={props.inRelease}
        onNavigate={close}
      />
      {narrow && (
        <Stack gap="xs" mt="md">
          <Divider />
          <ColorSchemeButton />
          {props.signedIn && <AccountPanel />}
        </Stack>
      )}
      {props.emulated && (
        <Text size="xs" c="dimmed" mt="auto" p="xs">
          Demo data from the built-in emulator of the data service.
        </Text>
      )}
    </>
  );
});

/**
 * The app shell: header with the release switcher, side navigation, and the page. Each control
 * is drawn once, in the header on a wide screen or in the menu on a narrow one, and neither
 * redraws when only the page changes.
 */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const navigation = useNavigation();
  const config = useQuery(configQueries.public());
  const { release, inRelease, ind, ds, versions } = useCurrentRelease();
  // Mantine's `sm` breakpoint, read at once rather than after a first drawing for a phone.
  const narrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const signedIn = config.data?.auth.mode === 'oidc';

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Menu: navigation, release, colour scheme and account"
            />
            <Anchor component={Link} to={paths.home()} underline="never" c="inherit">
              <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
                LCI Explorer
              </Text>
            </Anchor>
          </Group>
          {!narrow && (
            <HeaderControls release={release} ind={ind} versions={versions} signedIn={signedIn} />
          )}
        </Group>
        {navigation.state !== 'idle' && (
          <Progress
            className={classes.pending}
            value={100}
            animated
            size={3}
            radius={0}
            aria-label="Loading the page"
          />
        )}
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <NavbarContent
          release={release}
          ind={ind}
          ds={ds}
          versions={versions}
          signedIn={signedIn}
          narrow={narrow}
          inRelease={inRelease}
          emulated={config.data?.dataService.emulated ?? false}
          close={close}
        />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <ServiceBusy />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
