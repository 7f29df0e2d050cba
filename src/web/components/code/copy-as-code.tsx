import { Anchor, Button, Code, CopyButton, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import {
  snippet,
  SNIPPET_LANGUAGES,
  type ApiCall,
  type SnippetLanguage,
} from '../../../shared/api/snippets';

const LABELS: Record<SnippetLanguage, string> = { curl: 'curl', python: 'Python', r: 'R' };

/**
 * "Copy as code": the calls behind what the page shows, with its release and indicator set, as
 * curl, Python and R that run as copied once the user's token is in LCI_EXPLORER_TOKEN. The code
 * is written only when asked for, so a page pays nothing for the button. Placed just before the
 * page's title.
 */
export function CopyAsCode({ calls }: { calls: readonly ApiCall[] }) {
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState<SnippetLanguage>('python');
  if (calls.length === 0) return null;
  const scored = calls.some((call) => call.scored);
  return (
    <>
      {/* Floats beside the page's title, which follows it. */}
      <Button
        size="xs"
        variant="default"
        onClick={() => setOpen(true)}
        style={{ float: 'right' }}
        ml="sm"
      >
        Copy as code
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="This view as code" size="xl">
        {open && (
          <Stack gap="sm">
            <Text size="sm">
              {calls.length === 1
                ? 'The request behind this view'
                : `The ${calls.length} requests behind this view`}
              , through this explorer as you: same limits, budget and usage.{' '}
              {scored
                ? 'Running it asks for scores, which add to this period’s bill what it has not charged yet.'
                : 'It asks for no scores: free.'}{' '}
              <Anchor component={Link} to={paths.apiAccess()} onClick={() => setOpen(false)}>
                How to sign in from a terminal
              </Anchor>
            </Text>
            <Tabs
              value={language}
              onChange={(value) =>
                setLanguage(SNIPPET_LANGUAGES.find((l) => l === value) ?? 'python')
              }
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
        )}
      </Modal>
    </>
  );
}
