import { Text, Title } from '@mantine/core';
import { MAX_INDICATORS_PER_CALL } from '../../../../shared/api/routes';
import { CopyAsCode } from '../../../components/code/copy-as-code';
import { batchCalls } from '../../../components/code/page-calls';
import { MAX_COMPARED } from '../../../config/routes';
import type { Comparison } from '../api/use-comparison';

/** The page's title, what it compares in a sentence, and the batch calls a script would make. */
export function CompareHeader({ comparison }: { comparison: Comparison }) {
  return (
    <div>
      <CopyAsCode
        calls={comparison.requests.flatMap((request) =>
          batchCalls(request, request.datasetIds, request.indicatorIds),
        )}
      />
      <Title order={1}>Compare</Title>
      <Text c="dimmed">
        Up to {MAX_COMPARED} datasets side by side on up to {MAX_INDICATORS_PER_CALL} indicators, or
        one theme as every method rates it; a dataset may come from another release or system model.
      </Text>
    </div>
  );
}
