import { Anchor, Button, Code, CopyButton, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { ApiCall } from '../../../shared/api/calls';
import { snippet, SNIPPET_LANGUAGES, type SnippetLanguage } from '../../../shared/api/snippets';

const LABELS: Record<SnippetLanguage, string> = { curl: 'curl', python: 'Python', r: 'R' };

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
  return (
    <Modal opened onClose={onClose} title="This view as code" size="xl">
      <Stack gap="sm">
        <Text size="sm">
          {calls.length === 1
            ? 'The request behind this view'
            : `The ${calls.length} requests behind this view`}
          , through this explorer as you: same limits, budget and usage.{' '}
          {scored
            ? 'Running it asks for scores, which add to this period’s bill what it has not charged yet.'
            : 'It asks for no scores: free.'}{' '}
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
            const code = snippet(l, calls, window.location.origin);
            return (
              <Tabs.Panel key={l} value={l} pt="xs">
                <Stack gap="xs">
                  <Group justify="flex-end">
                    <CopyButton value={code}>
                      {({ copied, copy }) => (
                        <Button size="xs" onClick={copy}>
                          {copied ? 'Copied' : `Copy ${LABELS[l]}`}
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
