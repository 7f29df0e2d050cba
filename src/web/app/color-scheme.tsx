import {
  ActionIcon,
  Button,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** The scheme shown (the system's, until the user picks one) and the way to the other. */
function useColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const shown = useComputedColorScheme('light');
  const next = shown === 'dark' ? 'light' : 'dark';
  return { next, dark: shown === 'dark', toggle: () => setColorScheme(next) };
}

/** The header's icon. */
export function ColorSchemeToggle() {
  const { next, dark, toggle } = useColorSchemeSwitch();
  return (
    <Tooltip label={`Switch to ${next} mode`}>
      <ActionIcon variant="subtle" aria-label={`Switch to ${next} mode`} onClick={toggle}>
        {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** The same, in words, for the menu on a narrow screen. */
export function ColorSchemeButton() {
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
