import { callerOf, heldWhileReading, stillReading, type Handler, type HandlerDeps } from './types';

/**
 * `GET /api/datasets/successors`: what a dataset of another release became in this one, 202
 * while the releases between are read.
 */
export const datasetSuccessorsHandler =
  ({ config, catalog, successors }: HandlerDeps): Handler<'datasetSuccessors'> =>
  async (request) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    const outcome = await heldWhileReading(
      () => successors.follow(caller, release, request.query.key),
      config.limits.readingHoldMs,
    );
    return outcome.status === 'building' ? stillReading(outcome) : { value: outcome };
  };
