import {
  ActionIcon,
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Divider,
  Group,
  Progress,
  Stack,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import { DEFAULT_SYSTEM_MODEL } from '../../shared/versions';
import { PageSkeleton } from '../components/feedback/page-skeleton';
import { paths } from '../config/paths';
import { searches, type Release } from '../config/routes';
import { configQueries } from '../features/auth/api/get-config';
import { AccountPanel, UserMenu } from '../features/auth/components/user-menu';
import { versionQueries } from '../features/releases/api/get-versions';
import { ReleaseSwitcher } from '../features/releases/components/release-switcher';
import { rememberRelease, useLastRelease } from '../lib/last-release';
import classes from './layout.module.css';
import { LookupBox } from './lookup-box';
import { Navigation } from './navigation';
import { RELEASE_ROUTE_ID } from './route-context';
import type { loader as releaseLoader } from './routes/release-layout';

/** The scheme shown (the system's, until the user picks one) and the way to the other. */
function useColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const shown = useComputedColorScheme('light');
  const next = shown === 'dark' ? 'light' : 'dark';
  return { next, dark: shown === 'dark', toggle: () => setColorScheme(next) };
}

function ColorSchemeToggle() {
  const { next, dark, toggle } = useColorSchemeSwitch();
  return (
    <Tooltip label={`Switch to ${next} mode`}>
      <ActionIcon variant="subtle" aria-label={`Switch to ${next} mode`} onClick={toggle}>
        {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

function ColorSchemeButton() {
  const { next, dark, toggle } = useColorSchemeSwitch();
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={dark ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
      onClick={toggle}
    >
      Switch to {next} mode
    </Button>
  );
}

/**
 * The release the header and the navigation work in: the page's own, else the one last worked
 * in (Usage and Releases keep it), else the latest.
 */
function useCurrentRelease() {
  const pageRelease = useRouteLoaderData<typeof releaseLoader>(RELEASE_ROUTE_ID);
  const location = useLocation();
  const last = useLastRelease();
  const versions = useQuery(versionQueries.all());
  const ind = searches.overview.parse(location.search).ind;
  const onCompare = location.pathname.endsWith('/compare');
  useEffect(() => {
    if (!pageRelease) return;
    rememberRelease({
      release: pageRelease,
      ind,
      ...(onCompare ? { ds: searches.compare.parse(location.search).ds } : {}),
    });
    // `ind` is derived from the location, which is listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageRelease, location.search, onCompare]);
  const latest = versions.data?.latest;
  const release: Release | undefined =
    pageRelease ??
    last?.release ??
    (latest ? { version: latest, systemModel: DEFAULT_SYSTEM_MODEL } : undefined);
  const sameAsLast =
    last?.release.version === release?.version &&
    last?.release.systemModel === release?.systemModel;
  return {
    release,
    inRelease: pageRelease !== undefined,
    ind: pageRelease ? ind : (last?.ind ?? []),
    ds: sameAsLast ? (last?.ds ?? []) : [],
    versions: versions.data?.releases,
  };
}

/** The app shell: header with the release switcher, side navigation, and the page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const navigation = useNavigation();
  const location = useLocation();
  const config = useQuery(configQueries.public());
  const { release, inRelease, ind, ds, versions } = useCurrentRelease();
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
          <Group gap="sm" wrap="nowrap" visibleFrom="sm">
            {release && (
              <Box visibleFrom="md">
                <LookupBox release={release} ind={ind} />
              </Box>
            )}
            {versions && release && (
              <ReleaseSwitcher versions={versions} current={release} ind={ind} />
            )}
            <ColorSchemeToggle />
            {signedIn && <UserMenu />}
          </Group>
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
        <Stack gap="xs" hiddenFrom="sm" mb="sm">
          {versions && release && (
            <ReleaseSwitcher versions={versions} current={release} ind={ind} onSwitch={close} />
          )}
          {release && <LookupBox release={release} ind={ind} size="md" onLookup={close} />}
        </Stack>
        <Navigation release={release} ind={ind} ds={ds} inRelease={inRelease} onNavigate={close} />
        <Stack gap="xs" hiddenFrom="sm" mt="md">
          <Divider />
          <ColorSchemeButton />
          {signedIn && <AccountPanel />}
        </Stack>
        {config.data?.dataService.emulated && (
          <Text size="xs" c="dimmed" mt="auto" p="xs">
            Demo data from the built-in emulator of the data service.
          </Text>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        {/* A page shows its skeleton until the data its loader started is in; a new page gets
            a boundary of its own, so the last one does not linger while the next one loads. */}
        <Suspense key={location.pathname} fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
