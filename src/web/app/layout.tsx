import {
  ActionIcon,
  Anchor,
  AppShell,
  Box,
  Burger,
  Group,
  NavLink,
  Text,
  Tooltip,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { DEFAULT_SYSTEM_MODEL } from '../../shared/versions';
import { paths } from '../config/paths';
import { configQueries } from '../features/auth/api/get-config';
import { UserMenu } from '../features/auth/components/user-menu';
import { versionQueries } from '../features/releases/api/get-versions';
import { ReleaseSwitcher } from '../features/releases/components/release-switcher';
import { parseReleaseParams } from '../lib/release-params';
import { parseIndicatorSet } from '../lib/url-state';
import { LookupBox } from './lookup-box';

function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const next = colorScheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} mode`}>
      <ActionIcon
        variant="subtle"
        aria-label={`Switch to ${next} mode`}
        onClick={() => setColorScheme(next)}
      >
        {colorScheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** The app shell: header with the release switcher, side navigation, and the page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const ind = parseIndicatorSet(searchParams.get('ind'));
  const params = parseReleaseParams(useParams());
  const versions = useQuery(versionQueries.all());
  const config = useQuery(configQueries.public());
  const latest = versions.data?.latest ?? undefined;
  const current =
    params && params.version !== 'latest'
      ? params
      : latest
        ? { version: latest, systemModel: DEFAULT_SYSTEM_MODEL }
        : undefined;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Anchor component={Link} to={paths.home()} underline="never" c="inherit">
              <Text fw={700} size="lg">
                LCI Explorer
              </Text>
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {current && (
              <Box visibleFrom="md">
                <LookupBox version={current.version} systemModel={current.systemModel} />
              </Box>
            )}
            {versions.data && current && (
              <ReleaseSwitcher versions={versions.data.releases} current={current} />
            )}
            <ColorSchemeToggle />
            {config.data?.auth.mode === 'oidc' && <UserMenu />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        {[
          ...(current
            ? [
                {
                  label: 'Overview',
                  to: paths.release(current.version, current.systemModel),
                  active: (path: string) => /^\/[^/]+\/[^/]+$/.test(path),
                },
                {
                  label: 'Indicators',
                  to: paths.indicators(current.version, current.systemModel, { ind }),
                  active: (path: string) => path.endsWith('/indicators'),
                },
                {
                  label: 'Datasets',
                  to: paths.datasets(current.version, current.systemModel, { ind }),
                  active: (path: string) => /\/(datasets|lookup)(\/|$)/.test(path),
                },
                {
                  label: 'Compare',
                  to: paths.compare(current.version, current.systemModel, { ind }),
                  active: (path: string) => path.endsWith('/compare'),
                },
              ]
            : []),
          {
            label: 'Releases',
            to: paths.releases(),
            active: (path: string) => path === paths.releases(),
          },
          { label: 'Usage', to: paths.usage(), active: (path: string) => path === paths.usage() },
        ].map((item) => (
          <NavLink
            key={item.label}
            variant="filled"
            component={Link}
            to={item.to}
            label={item.label}
            active={item.active(location.pathname)}
            onClick={close}
          />
        ))}
        {config.data?.dataService.emulated && (
          <Text size="xs" c="dimmed" mt="auto" p="xs">
            Demo data from the built-in emulator of the data service.
          </Text>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
