import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone-sized screen (below Mantine's `xs`, 576 px), read at once rather than after a first
 * drawing for a wide one: tables that would push their key values off the side are laid out
 * for it instead.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
}
