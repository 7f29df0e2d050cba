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

export function parseLookupKey(input: string): LookupKey {
  const text = input.trim().replace(/^.*[\\/]/, '');
  if (text === '')
    return { kind: 'invalid', reason: 'Type a Dataset ID, a Spold UUID or an ecoSpold file name.' };
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return id > 0 && id < 2 ** 31
      ? { kind: 'dataset-id', id }
      : {
          kind: 'invalid',
          reason: `${text} is not a Dataset ID (they are positive whole numbers).`,
        };
  }
  if (UUID_ONLY.test(text)) return { kind: 'uuid', uuid: text.toLowerCase() };
  const file = SPOLD_FILE.exec(text);
  if (file?.[1] && file[2]) {
    return {
      kind: 'spold-file',
      activityUuid: file[1].toLowerCase(),
      productUuid: file[2].toLowerCase(),
    };
  }
  if (/\.spold$/i.test(text)) {
    return {
      kind: 'invalid',
      reason:
        'An ecoSpold file name is two UUIDs joined by "_", as in activityUUID_productUUID.spold.',
    };
  }
  return {
    kind: 'invalid',
    reason: `"${text.slice(0, 60)}" is neither a Dataset ID, a UUID, nor an ecoSpold file name. To search by name, use dataset search.`,
  };
}
