import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useAuth } from 'react-oidc-context';

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The signed-in user's name and the way out. Absent when sign-in is off (AUTH_MODE=none). */
export function UserMenu() {
  const auth = useAuth();
  const profile = auth.user?.profile;
  const name = profile?.name ?? profile?.preferred_username ?? profile?.sub ?? 'Signed in';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account: ${name}`}>
          <Avatar radius="xl" size="sm" color="teal" variant="filled">
            {initials(name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item onClick={() => void auth.signoutRedirect()}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
