/** An array this long in an answer built for one request makes it sent in pieces. */
const LONG_ARRAY = 1_000;
/** About how many characters each piece holds. */
const PIECE = 64 * 1024;

/** JSON.stringify, which gives undefined (not text) for undefined, a function or a symbol. */
function json(value: unknown): string | undefined {
  const text: string | undefined = JSON.stringify(value);
  return text;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** Whether an answer has a list long enough to be sent in pieces (an upgrade check's results). */
export function isLong(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    Object.values(value).some((child) => Array.isArray(child) && child.length >= LONG_ARRAY)
  );
}

/**
 * `JSON.stringify(value)` in pieces of about 64 K characters, each list of the answer's top
 * level an element at a time: sent through gzip as they are made, a long answer is never held
 * as one string. An upgrade check of 10 000 lines is 23 MB of JSON (46 MB as UTF-16), and 24
 * of them at once held a gigabyte of text while waiting for gzip.
 */
export function* jsonPieces(value: unknown): Generator<string> {
  if (!isPlainObject(value)) {
    yield json(value) ?? 'null';
    return;
  }
  let piece = '{';
  let first = true;
  for (const [key, child] of Object.entries(value)) {
    // As JSON.stringify leaves them out of an object.
    if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue;
    piece += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(child)) {
      piece += JSON.stringify(child);
    } else {
      piece += '[';
      for (let i = 0; i < child.length; i++) {
        piece += `${i === 0 ? '' : ','}${json(child[i]) ?? 'null'}`;
        if (piece.length >= PIECE) {
          yield piece;
          piece = '';
        }
      }
      piece += ']';
    }
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}}`;
}
