import { Text } from '@mantine/core';

/**
 * A value the data service left out. Shown as missing, in words, never as "null" or an empty
 * cell a reader could take for a blank in the data.
 */
export function Missing({ what = 'Not given' }: { what?: string }) {
  return (
    <Text span c="dimmed" fs="italic" size="sm">
      {what}
    </Text>
  );
}

/** The text, or `<Missing/>` when the service gave none. */
export function OrMissing({ value, what }: { value: string | null; what?: string }) {
  return value === null || value === '' ? <Missing {...(what ? { what } : {})} /> : <>{value}</>;
}
