import { Alert, List, Text } from '@mantine/core';
import type { ReportStep } from '../../../shared/api/schemas';
import { formatCount } from '../../lib/format';

/**
 * Which of the steps between two releases ecoinvent's change report decided, and which were
 * inferred from documentation because the explorer has no report for them: said before any
 * verdict, so nobody takes an inference for the authority.
 */
export function ReportSteps({ steps }: { steps: readonly ReportStep[] }) {
  const missing = steps.filter((step) => !step.loaded);
  return (
    <Alert
      color={missing.length > 0 ? 'yellow' : 'blue'}
      variant="light"
      title={
        missing.length === 0
          ? 'Decided by ecoinvent’s change reports'
          : missing.length === steps.length
            ? 'No change report: inferred from documentation'
            : 'Partly inferred from documentation'
      }
      role="note"
    >
      <List size="sm" spacing={2}>
        {steps.map((step) => (
          <List.Item key={step.label}>
            {step.loaded
              ? `${step.label}: ${formatCount(step.applied)} of ${formatCount(step.entries)} entries name datasets here${step.unmatched > 0 ? `; ${formatCount(step.unmatched)} listed below as not matched` : ''}.`
              : `${step.from} → ${step.to}: no change report loaded. A successor is named only where the Dataset ID, the Spold UUIDs or the names are the same; anything else is offered as a candidate.`}
          </List.Item>
        ))}
      </List>
      {steps.some((step) => step.loaded) && (
        <Text size="xs" c="dimmed" mt={4}>
          A change report names what it knows; changes it leaves out are inferred from
          documentation, and each verdict says which.
        </Text>
      )}
    </Alert>
  );
}
