import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DatasetHistory } from '../../../../shared/api/schemas';
import { searches } from '../../../config/routes';
import { useHistoryScores } from '../../../features/history/api/use-history-scores';
import { HistoryHeader } from '../../../features/history/components/history-header';
import {
  DocumentationSection,
  ScoresSection,
  Section,
} from '../../../features/history/components/history-sections';
import { ReleaseMatches } from '../../../features/history/components/release-matches';
import { scoreRows } from '../../../features/history/score-cells';
import { usageQueries } from '../../../features/usage/api/get-usage';
import { useShownLink } from '../../../lib/shown-link';
import { useRouteSearch } from '../../../lib/url-state';
import { useCitingContext } from '../../citing-context';
import { useRelease } from '../../release-context';
import { useHistoryDocuments } from './use-history-documents';
import { useHistoryIndicatorSet } from './use-history-indicator-set';

/*
 * Beside the history page, not in features/history: the view joins the history with each
 * release's documentation (features/datasets), the indicators' catalogues (features/indicators)
 * and the period's charges (features/usage), which only a page may do.
 */

type Ready = Extract<DatasetHistory, { status: 'ready' }>;

/** The history once the proxy has read every release: matches, documentation and scores. */
export function HistoryView({ history }: { history: Ready }) {
  const release = useRelease();
  const { version, systemModel } = release;
  const [search] = useRouteSearch(searches.history);
  const usage = useQuery(usageQueries.current());
  const entries = history.releases;
  const documents = useHistoryDocuments(history, release);
  const chosen = useHistoryIndicatorSet(release, entries, search.ind);
  const followed = chosen.followed;
  const { indicators } = followed;
  // The set from memory or the headline set goes into the address; one the URL names stays.
  const link = useShownLink(
    searches.history,
    chosen.known ? { ind: search.ind.length > 0 ? search.ind : [...chosen.requested] } : undefined,
  );
  const scores = useHistoryScores({
    systemModel,
    base: version,
    entries,
    indicators,
    counterparts: followed.counterparts,
    ready: followed.ready,
    charged: usage.data?.charged,
  });
  const rows = scoreRows({
    indicators,
    entries,
    base: version,
    counterparts: followed.counterparts,
    score: scores.lookup,
    provenance: scores.provenance,
    loaded: scores.loaded,
  });
  const citing = useCitingContext();

  return (
    <Stack gap="lg">
      <HistoryHeader
        release={release}
        history={history}
        ind={search.ind}
        link={link}
        indicators={followed}
        scores={scores}
        rows={rows}
        {...citing}
      />
      <Section title="In each release">
        <ReleaseMatches history={history} ind={chosen.linked} />
      </Section>
      <DocumentationSection
        version={version}
        versions={entries.map((entry) => entry.version)}
        rows={documents.rows}
        pending={documents.pending}
      />
      <ScoresSection
        release={release}
        id={history.id}
        pending={chosen.pending}
        base={version}
        systemModel={systemModel}
        entries={entries}
        ind={chosen.linked}
        rows={rows}
        indicators={followed}
        scores={scores}
      />
    </Stack>
  );
}
