import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Shades chosen for WCAG AA contrast: teal 9 on white, and a darker "dimmed" grey. In dark mode
 * the primary is the light teal 4, on which white text is 1.8:1: autoContrast writes dark text
 * on it instead (filled buttons, the active navigation item, checkboxes, badges).
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 4 },
  autoContrast: true,
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
