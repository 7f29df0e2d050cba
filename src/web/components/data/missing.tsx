import { Text } from '@mantine/core';

/** What a value the data service did not give is called wherever the explorer shows one. */
const NOT_GIVEN = 'Not given by the data service';

/**
 * A value the data service left out (a null that src/shared/api/schemas/upstream-fields.ts's UPSTREAM_FIELDS
 * allows). Shown as missing, in words, never as "null" or an empty cell a reader could take for
 * a blank in the data.
 */
export function Missing({ what = NOT_GIVEN }: { what?: string }) {
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
