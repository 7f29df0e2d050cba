import { Anchor, createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Shades chosen for WCAG AA contrast: teal 9, which takes white text at 5:1, in both schemes
 * (the dark scheme's teal 4 left white text on buttons and the active navigation item at
 * 1.8:1), and a darker "dimmed" grey. Other filled colours get dark or light text by contrast.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 9,
  autoContrast: true,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A link inside a sentence must be told apart by more than its colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A closed chooser's options are not drawn: kept mounted (Mantine's default), each Select
    // drew all its options hidden and placed its dropdown on mount, forcing the browser to
    // compute the whole page's styles once per chooser (a quarter to two fifths of a second on
    // the laptop's CPU on dataset search and What changed).
    // Named, not imported: importing Combobox here put its code in every page's first scripts.
    Combobox: { defaultProps: { keepMounted: false } },
  },
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
