import type { ListEntry } from '../../../shared/api/routes';
import type { UpgradeCheck } from '../../../shared/api/schemas';
import { apiCall, type ApiCall } from '../../../shared/api/calls';
import { batchCalls } from '../../components/code/page-calls';
import { releaseWire } from '../../lib/api-client';
import type { ReleaseRef } from '../../config/routes';
import type { FollowedIndicator } from '../../../shared/scores/moves';
import { partIndicators, scoreParts } from './api/use-upgrade-scores';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

/**
 * "Copy as code" of an upgrade check: the check (free) and, once it has answered and indicators
 * are picked, the scored batch calls the page makes or would make on a yes, part by part as
 * `useUpgradeScores` asks them (a candidate chosen later on its own; in the older release the
 * indicators' counterparts), so a script gets the scores the page shows, billed the same.
 */
export function upgradeCalls(input: {
  release: ReleaseRef;
  from: string;
  entries: readonly ListEntry[];
  check: Ready | undefined;
  chosen: ReadonlyMap<number, number>;
  /** The chosen indicators, each with its counterpart in the older release, once followed. */
  followed: readonly FollowedIndicator[] | undefined;
}): ApiCall[] {
  const { release, from, check, followed } = input;
  const checkCall = apiCall('upgradeCheck', {
    query: { ...releaseWire(release), from },
    body: { entries: [...input.entries] },
  });
  if (!check || !followed || followed.length === 0) return [checkCall];
  return [
    checkCall,
    ...scoreParts(check, input.chosen).flatMap((part) => {
      const indicators = partIndicators(check, part.version, followed);
      // An older release where no chosen indicator has a counterpart is asked nothing.
      return indicators.length === 0
        ? []
        : batchCalls(
            { version: part.version, systemModel: check.system_model },
            part.ids,
            indicators,
          );
    }),
  ];
}
