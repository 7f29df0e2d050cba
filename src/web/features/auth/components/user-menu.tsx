import { Avatar, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useAuth } from 'react-oidc-context';

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function useAccount() {
  const auth = useAuth();
  const profile = auth.user?.profile;
  const name = profile?.name ?? profile?.preferred_username ?? profile?.sub ?? 'Signed in';
  return { name, signOut: () => void auth.signoutRedirect() };
}

/**
 * The signed-in user's name and the way out. Absent when sign-in is off (AUTH_MODE=none). A small
 * panel, not a menu: one action needs no menu's keyboard model, and the first page loads lighter.
 */
export function UserMenu() {
  const { name, signOut } = useAccount();
  return (
    <Popover position="bottom-end" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton aria-label={`Account: ${name}`}>
          <Avatar radius="xl" size="sm" color="teal" variant="filled">
            {initials(name)}
          </Avatar>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label="Account">
        <Stack gap="xs">
          <Text size="sm">Signed in as {name}</Text>
          <Button size="xs" variant="default" onClick={signOut}>
            Sign out
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The same, laid out for the navigation drawer on a narrow screen. */
export function AccountPanel() {
  const { name, signOut } = useAccount();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" truncate>
        Signed in as {name}
      </Text>
      <Button size="xs" variant="default" onClick={signOut}>
        Sign out
      </Button>
    </Group>
  );
}
