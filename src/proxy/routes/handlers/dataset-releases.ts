import { mapLimit } from '../../release-data/read-release';
import { callerOf, type Handler, type HandlerDeps } from './types';

/** `GET /api/datasets/{id}/releases`: the licensed releases and system models that hold the ID. */
export const datasetReleasesHandler =
  ({ catalog }: HandlerDeps): Handler<'datasetReleases'> =>
  async (request) => {
    const caller = callerOf(request);
    const id = request.params.id;
    const listed = (await catalog.releases(caller)).releases.flatMap((entry) =>
      entry.system_models.map((systemModel) => ({ version: entry.version, systemModel })),
    );
    // Each release's documentation of the dataset (free), through the cache the dataset route
    // fills and reads; any failure other than "not in this release" is the answer's.
    const held = await mapLimit(listed, 4, (release) => catalog.holds(caller, release, id));
    return {
      value: {
        id,
        releases: listed
          .filter((_, index) => held[index])
          .map((release) => ({ version: release.version, system_model: release.systemModel })),
      },
    };
  };
