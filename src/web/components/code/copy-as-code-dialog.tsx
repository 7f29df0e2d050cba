import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { ApiCall } from '../../../shared/api/calls';
import { describeBill, describeElsewhere } from '../../../shared/scores/bill';
import { billOfPrice } from '../../../shared/scores/price';
import { scoreRequestsOf, type CopiedPrice } from '../../../shared/api/snippet-price';
import { snippet, SNIPPET_LANGUAGES, type SnippetLanguage } from '../../../shared/api/snippets';
import { plural } from '../../lib/format';
import { scorePriceQueries } from './score-price';

const LABELS: Record<SnippetLanguage, string> = { curl: 'curl', python: 'Python', r: 'R' };

/** What running the code adds to this period's bill, as the page's own bill says it. */
function BillSentence(props: {
  scored: boolean;
  pricing: boolean;
  copied: CopiedPrice | undefined;
}) {
  const { copied } = props;
  if (!props.scored) return <>It asks for no scores: free.</>;
  if (props.pricing)
    return (
      <>
        <Loader size="xs" aria-label="Pricing" /> Pricing what running it adds to this period’s
        bill…
      </>
    );
  if (!copied || 'failed' in copied)
    return (
      <>
        Running it asks for scores, which add to this period’s bill what it has not charged yet; it
        could not be priced now{copied ? ` (${copied.failed})` : ''}, so the code stops before
        loading anything new.
      </>
    );
  const { price } = copied;
  const elsewhere = describeElsewhere(price.elsewhere, plural);
  return (
    <>
      {price.free
        ? 'Already charged this period: running it adds nothing to the bill.'
        : `Running it adds ${describeBill(billOfPrice(price), plural)} to this period’s bill.`}
      {elsewhere && ` ${elsewhere}.`} The code asks again first and stops if that has grown.
    </>
  );
}

/**
 * The dialog of "Copy as code", with the code writers: loaded the first time someone opens it,
 * so no page pays for it before (the dialog, its tabs and the code writers weigh about 6 KB
 * gzipped).
 */
export default function CopyAsCodeDialog({
  calls,
  onClose,
}: {
  calls: readonly ApiCall[];
  onClose: () => void;
}) {
  const [language, setLanguage] = useState<SnippetLanguage>('python');
  const scored = calls.some((call) => call.scored);
  const requests = scoreRequestsOf(calls);
  // Priced as the dialog opens, which is when the code is copied: the bill the page states.
  const price = useQuery({ ...scorePriceQueries.of(requests), enabled: requests.length > 0 });
  const copied: CopiedPrice | undefined = price.data
    ? { price: price.data }
    : price.error
      ? { failed: price.error.message }
      : undefined;
  const pricing = requests.length > 0 && price.isPending;
  return (
    <Modal opened onClose={onClose} title="This view as code" size="xl">
      <Stack gap="sm">
        <Text size="sm">
          {calls.length === 1
            ? 'The request behind this view'
            : `The ${calls.length} requests behind this view`}
          , through this explorer as you: same limits, budget and usage.{' '}
          <BillSentence scored={scored} pricing={pricing} copied={copied} />{' '}
          <Anchor component={Link} to={paths.apiAccess()} onClick={onClose}>
            How to sign in from a terminal
          </Anchor>
        </Text>
        <Tabs
          value={language}
          onChange={(value) => setLanguage(SNIPPET_LANGUAGES.find((l) => l === value) ?? 'python')}
        >
          <Tabs.List>
            {SNIPPET_LANGUAGES.map((l) => (
              <Tabs.Tab key={l} value={l}>
                {LABELS[l]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SNIPPET_LANGUAGES.map((l) => {
            const code = snippet(l, calls, window.location.origin, copied);
            return (
              <Tabs.Panel key={l} value={l} pt="xs">
                <Stack gap="xs">
                  <Group justify="flex-end">
                    <CopyButton value={code}>
                      {({ copied: done, copy }) => (
                        <Button size="xs" onClick={copy} disabled={pricing}>
                          {done ? 'Copied' : `Copy ${LABELS[l]}`}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                  <Code
                    block
                    aria-label={`${LABELS[l]} code`}
                    style={{ maxHeight: '60vh', overflow: 'auto' }}
                  >
                    {code}
                  </Code>
                </Stack>
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </Modal>
  );
}
