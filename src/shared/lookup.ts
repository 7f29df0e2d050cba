/**
 * What a user may type to find a dataset: a Dataset ID, a Spold UUID (of an activity, product or
 * geography), or an ecoSpold file name `activityUUID_productUUID[.spold]`.
 */
export type LookupKey =
  | { kind: 'dataset-id'; id: number }
  | { kind: 'uuid'; uuid: string }
  | { kind: 'spold-file'; activityUuid: string; productUuid: string }
  | { kind: 'invalid'; reason: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_ONLY = new RegExp(`^${UUID}$`, 'i');
const SPOLD_FILE = new RegExp(`^(${UUID})_(${UUID})(?:\\.spold)?$`, 'i');

/** The last part of a path (`C:\\exports\\a_b.spold` → `a_b.spold`), as a file name is often pasted. */
const fileOf = (text: string) => text.replace(/^.*[\\/]/, '');

/**
 * What was typed, read as a lookup key. A reason for what is none echoes the input whole: the
 * page shows it as text, so it needs no escaping here, and cutting it would hide the typo.
 */
export function parseLookupKey(input: string): LookupKey {
  const whole = input.trim();
  if (whole === '')
    return { kind: 'invalid', reason: 'Type a Dataset ID, a Spold UUID or an ecoSpold file name.' };
  if (/^\d+$/.test(whole)) {
    const id = Number(whole);
    return id > 0 && id < 2 ** 31
      ? { kind: 'dataset-id', id }
      : {
          kind: 'invalid',
          reason: `${whole} is not a Dataset ID (they are whole numbers from 1 to ${2 ** 31 - 1}).`,
        };
  }
  const text = fileOf(whole);
  if (UUID_ONLY.test(text)) return { kind: 'uuid', uuid: text.toLowerCase() };
  const file = SPOLD_FILE.exec(text);
  if (file?.[1] && file[2]) {
    return {
      kind: 'spold-file',
      activityUuid: file[1].toLowerCase(),
      productUuid: file[2].toLowerCase(),
    };
  }
  if (/\.spold$/i.test(whole)) {
    return {
      kind: 'invalid',
      reason: `"${whole}" is not an ecoSpold file name: one is two UUIDs joined by "_", as in activityUUID_productUUID.spold.`,
    };
  }
  return {
    kind: 'invalid',
    reason: `"${whole}" is neither a Dataset ID, a UUID, nor an ecoSpold file name. To search by name, use dataset search.`,
  };
}
