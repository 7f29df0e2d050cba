import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ListEntry } from '../../../../shared/api/routes';
import { fitSample, upgradeQueries } from '../api/upgrade-queries';

interface ListFitProps {
  entries: readonly ListEntry[];
  systemModel: string;
  /** The licence's other releases of the system model, newest first. */
  others: readonly string[];
  from: string | undefined;
  onUse: (version: string) => void;
}

/**
 * Which release a list of Dataset IDs comes from, told from a few of its IDs looked up in every
 * release of the licence: said under the list, with the release that holds most of them offered
 * as "From release" when it is not the one chosen.
 */
export function ListFit({ entries, systemModel, others, from, onUse }: ListFitProps) {
  const ids = fitSample(entries);
  const fit = useQuery({ ...upgradeQueries.fit(ids), enabled: ids.length > 0 });
  if (ids.length === 0 || !fit.data) return null;
  const holds = (version: string) =>
    fit.data.filter((answer) =>
      answer.releases.some(
        (release) => release.version === version && release.system_model === systemModel,
      ),
    ).length;
  const counts = others.map((version) => ({ version, found: holds(version) }));
  const best = counts.reduce<{ version: string; found: number } | undefined>(
    (top, entry) =>
      !top || entry.found > top.found || (entry.found === top.found && entry.version === from)
        ? entry
        : top,
    undefined,
  );
  const chosen = counts.find((entry) => entry.version === from);
  return (
    <Group gap="sm" role="status" aria-label="Which release the list fits">
      <Text size="sm" c="dimmed">
        Of {ids.length === 1 ? 'its Dataset ID' : `${ids.length} of its Dataset IDs`} looked up:{' '}
        {counts.map((entry) => `${entry.version} has ${entry.found}`).join(', ')}.
      </Text>
      {best && chosen && best.found > chosen.found && (
        <Button size="xs" variant="light" onClick={() => onUse(best.version)}>
          The list fits {best.version}: check from {best.version}
        </Button>
      )}
    </Group>
  );
}
