import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SearchResults } from '../../../../shared/api/schemas';
import { CopyLinkButton } from '../../../components/data/copy-link-button';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';
import { plural } from '../../../lib/format';
import { describe, type DatasetSearch } from '../search';

/**
 * Above the results: what they are in words, the spelling the release uses where the words
 * typed found nothing or another spelling finds more, and why there are none or no such page.
 */
export function SearchSummary({
  results,
  search,
  release,
  pages,
  bySector,
  link,
}: {
  results: SearchResults;
  search: DatasetSearch;
  release: ReleaseRef;
  pages: number;
  bySector: boolean;
  link: string;
}) {
  const total = results.total;
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {describe(
            results.spelling?.kind === 'instead'
              ? { ...search, q: results.spelling.query }
              : search,
            total,
            pages,
            results.total_at_least === true,
          )}
        </Text>
        <CopyLinkButton link={link} />
      </Group>
      {results.spelling?.kind === 'instead' && (
        <Text size="sm" role="status">
          Nothing matches “{search.q}” as typed: these are the results for “{results.spelling.query}
          ”, the spelling this release uses.
        </Text>
      )}
      {results.spelling?.kind === 'also' && (
        <Text size="sm">
          “{results.spelling.query}”, another spelling, finds{' '}
          {plural(results.spelling.total, 'activity')}:{' '}
          <Anchor
            component={Link}
            to={paths.datasets(release, { ...search, q: results.spelling.query, page: 1 })}
          >
            search for “{results.spelling.query}”
          </Anchor>
        </Text>
      )}
      {total === 0 && (
        <Text>
          Try fewer or shorter words, another activity type
          {bySector ? ', another sector' : ''}, or no geography.
        </Text>
      )}
      {total > 0 && search.page > pages && (
        <Text role="alert">
          There is no page {search.page}: the results end on page {pages}.{' '}
          <Anchor component={Link} to={paths.datasets(release, { ...search, page: pages })}>
            Go to page {pages}
          </Anchor>
        </Text>
      )}
    </>
  );
}
