import type { AnswerOf, BodyOf, ParamsOf, QueryOf, RouteName } from '../../../shared/api/routes';
import type { ExplorerPage } from '../../../shared/api/schemas';
import type { VerifiedUser } from '../../auth/user-auth';
import type { CachedAnswer } from '../../cache/response-cache';
import type { ProxyConfig } from '../../config';
import type { Services } from '../../plugins/app-services';
import type { Caller, UpstreamAdapter } from '../../upstream/adapter';

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
       * (`routes/replays.ts`).
       */
      replay?: boolean;
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

/** Releases still being read: 202 with the progress, to be asked again shortly. */
export const stillReading = <T>(progress: T) => ({
  value: progress,
  status: 202,
  headers: { 'retry-after': '1' },
});

/** What the handlers work with: the app's services, the data service's adapter, the config. */
export interface HandlerDeps extends Services {
  adapter: UpstreamAdapter;
  config: ProxyConfig;
}
