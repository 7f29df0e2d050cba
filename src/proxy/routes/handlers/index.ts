import { batchHandler } from './batch';
import { changesHandlers } from './changes';
import { datasetHandler } from './dataset';
import { datasetReleasesHandler } from './dataset-releases';
import { datasetSuccessorsHandler } from './dataset-successors';
import { evidenceCheckHandler } from './evidence-check';
import { historyHandler } from './history';
import { indicatorCounterpartsHandler } from './indicator-counterparts';
import { indicatorsHandler } from './indicators';
import { scorePriceHandler } from './score-price';
import { searchHandler } from './search';
import { sectorsHandler } from './sectors';
import { spoldHandler } from './spold';
import type { Handler, HandlerDeps, UserRouteName } from './types';
import { upgradeCheckHandler } from './upgrade-check';
import { usageHandler } from './usage';
import { versionsHandler } from './versions';

type UserHandlers = { [K in UserRouteName]: Handler<K> };

/** Every route behind the auth plugin, one file each. */
export const userHandlers = (deps: HandlerDeps): UserHandlers => {
  const changes = changesHandlers(deps);
  return {
    versions: versionsHandler(deps),
    usage: usageHandler(deps),
    scorePrice: scorePriceHandler(deps),
    indicators: indicatorsHandler(deps),
    indicatorCounterparts: indicatorCounterpartsHandler(deps),
    sectors: sectorsHandler(deps),
    changes: changes.changes,
    changesPage: changes.changesPage,
    upgradeCheck: upgradeCheckHandler(deps),
    history: historyHandler(deps),
    search: searchHandler(deps),
    spold: spoldHandler(deps),
    datasetReleases: datasetReleasesHandler(deps),
    datasetSuccessors: datasetSuccessorsHandler(deps),
    dataset: datasetHandler(deps),
    batch: batchHandler(deps),
    evidenceCheck: evidenceCheckHandler(deps),
  };
};
