import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Shades chosen for WCAG AA contrast: teal 9 on white, and a darker "dimmed" grey. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 4 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.teal[9],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
  },
});
