import { callerOf, stillReading, type Handler, type HandlerDeps } from './types';

/**
 * `GET /api/datasets/successors`: what a dataset of another release became in this one, 202
 * while the releases between are read.
 */
export const datasetSuccessorsHandler =
  ({ catalog, successors }: HandlerDeps): Handler<'datasetSuccessors'> =>
  async (request) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    const outcome = await successors.follow(caller, release, request.query.key);
    return outcome.status === 'building' ? stillReading(outcome) : { value: outcome };
  };
