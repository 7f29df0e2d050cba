import type { AnswerOf, BodyOf, ParamsOf, QueryOf, RouteName } from '../../../shared/api/routes';
import type { ExplorerPage } from '../../../shared/api/schemas';
import type { VerifiedUser } from '../../auth/user-auth';
import type { CachedAnswer } from '../../cache/response-cache';
import type { ProxyConfig } from '../../config';
import { ACROSS_RELEASES_ANSWER_BYTES } from '../../limits/local-work';
import type { Services } from '../../plugins/app-services';
import type { Building } from '../../release-data/release-stores';
import type { Caller, ReleaseRef, UpstreamAdapter } from '../../upstream/adapter';

/** What a route's handler gets: the parsed request, and the verified user who asked. */
export interface Request<K extends RouteName> {
  params: ParamsOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
  user: VerifiedUser;
  requestId: string;
  /** The explorer page the request came from (`X-Explorer-Page`), kept with what it charges. */
  page: ExplorerPage;
}

/**
 * An answer: a cached one (sent with its ETag), or a value built for this request, with a
 * status other than 200 where the route declares one.
 */
export type Outcome<K extends RouteName> =
  | {
      cached: CachedAnswer;
      /**
       * The answer is the same for everyone who may ask and the request target alone fixes it
       * (a named release, no scores): later requests for the target may replay it
       * (`routes/replays.ts`) while the licence lists this release.
       */
      replay?: ReleaseRef | undefined;
    }
  | { value: AnswerOf<K>; status?: number; headers?: Record<string, string> };

export type Handler<K extends RouteName> = (request: Request<K>) => Promise<Outcome<K>>;

/** The routes anyone may ask, outside the auth plugin. */
type PublicRouteName = 'config';
export type UserRouteName = Exclude<RouteName, PublicRouteName>;

export const callerOf = (request: { user: VerifiedUser; requestId: string }): Caller => ({
  userId: request.user.userId,
  requestId: request.requestId,
});

const isBuilding = (outcome: unknown): outcome is Building =>
  (outcome as { status?: unknown } | null)?.status === 'building';

/** Whether `read` settles (either way) within `ms`; the timer is gone once it is known. */
async function settlesWithin(read: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `ask()`'s outcome, held while it says the releases are being read: up to `holdMs`
 * (`READING_HOLD_MS`) for the reading to settle, then asked once more. The answer then leaves
 * the moment the releases are read, not at the asker's next poll (for an answer quick to make,
 * half a second later on average when the explorer asked each second), with about one request a
 * second from an explorer that asks again soon after each 202; and a 202 carries the progress as
 * it is then.
 */
export async function heldWhileReading<T>(ask: () => Promise<T>, holdMs: number): Promise<T> {
  return heldFor(await ask(), ask, holdMs);
}

/** `outcome` if it is not a reading under way; else `again()` once the hold is over. */
async function heldFor<T>(outcome: T, again: () => Promise<T>, holdMs: number): Promise<T> {
  const read = isBuilding(outcome) ? outcome.read : undefined;
  if (!read || holdMs <= 0) return outcome;
  await settlesWithin(read, holdMs);
  return again();
}

/** Releases still being read: 202 with the progress, to be asked again shortly. */
export function stillReading<T extends { status: 'building'; read?: Building['read'] }>(
  progress: T,
) {
  // The promise of the reading is the proxy's own, never part of the answer.
  const { read: _read, ...value } = progress;
  return { value, status: 202, headers: { 'retry-after': '1' } };
}

/**
 * Answers across releases (the changes, a history) made the moment their releases are read, so
 * the request that follows the 202 finds them made: a What changed took a second or more to make
 * once its releases were read, on top of the wait for that request. One per handler, so what is
 * under way belongs to its app, not to the process.
 */
export function answersAhead(
  { localWork }: Pick<HandlerDeps, 'localWork'>,
  /** `READING_HOLD_MS`: how long a request waits for the reading before its 202. */
  holdMs: number,
) {
  /** Answers being made ahead of their request, by key: one at a time each. */
  const underWay = new Set<string>();

  /**
   * Makes an answer once `read` settles: once per answer at a time, and only when this
   * instance's local work has room for it, as a request would need (`LocalWork`); a failure is
   * left for the request, which makes the answer itself and says what went wrong.
   */
  function whenRead(
    work: { key: string; userId: string; bytes: number; read: Promise<void> | undefined },
    make: () => Promise<unknown>,
  ): void {
    const { key, userId, bytes, read } = work;
    if (!read || underWay.has(key)) return;
    underWay.add(key);
    void read
      .then(async () => {
        let give: (() => void) | undefined;
        try {
          give = localWork.take(userId, bytes);
        } catch {
          return; // no room now: the request makes it, within the bounds
        }
        try {
          await make();
        } finally {
          give();
        }
      })
      .catch(() => undefined)
      .finally(() => underWay.delete(key));
  }

  return {
    whenRead,
    /**
     * An answer still being read: made the moment it is (`key` names it), and this request held
     * for it (`heldWhileReading`); a 202 with the progress if the reading goes on.
     */
    async reading<T>(
      request: { user: VerifiedUser },
      progress: Building,
      ahead: { key: string; make: () => Promise<T> },
    ) {
      whenRead(
        {
          key: ahead.key,
          userId: request.user.userId,
          bytes: ACROSS_RELEASES_ANSWER_BYTES,
          read: progress.read,
        },
        ahead.make,
      );
      const outcome = await heldFor<T | Building>(progress, ahead.make, holdMs);
      return isBuilding(outcome) ? stillReading(outcome) : (outcome as Exclude<T, Building>);
    },
  };
}

/** What the handlers work with: the app's services, the data service's adapter, the config. */
export interface HandlerDeps extends Services {
  adapter: UpstreamAdapter;
  config: ProxyConfig;
}
