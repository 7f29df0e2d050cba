import { Anchor, Button, Code, CopyButton, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { MAX_CITED, type Citation } from '../../../shared/citation';
import { download } from '../../lib/files';

const FORMS = [
  { value: 'text', label: 'Text', pick: (c: Citation) => c.text },
  { value: 'ris', label: 'RIS', pick: (c: Citation) => c.ris },
  { value: 'bibtex', label: 'BibTeX', pick: (c: Citation) => c.bibtex },
] as const;
type Form = (typeof FORMS)[number]['value'];

/** The dialog of "Cite this": loaded the first time someone opens it. */
export default function CiteThisDialog({
  citation,
  onClose,
}: {
  citation: Citation;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>('text');
  return (
    <Modal opened onClose={onClose} title="Cite this data" size="xl">
      <Stack gap="sm">
        <Text size="sm">
          As ecoinvent asks its data to be cited: the dataset (release, system model, name,
          geography, reference product, Dataset ID and ecoSpold file, access date) and the
          database’s reference; several datasets are each cited once.{' '}
          <Anchor href={citation.ecoQuery.dataset} target="_blank" rel="noreferrer">
            The dataset in ecoQuery
          </Anchor>{' '}
          ·{' '}
          <Anchor href={citation.ecoQuery.release} target="_blank" rel="noreferrer">
            the release in ecoQuery
          </Anchor>
        </Text>
        {citation.omitted > 0 && (
          <Text size="sm" c="orange" role="note">
            {citation.omitted} more dataset{citation.omitted === 1 ? '' : 's'} of this view{' '}
            {citation.omitted === 1 ? 'is' : 'are'} not cited here: a citation names at most{' '}
            {MAX_CITED}. Cite {citation.omitted === 1 ? 'it' : 'them'} from{' '}
            {citation.omitted === 1 ? 'its' : 'their'} own page or the tidy export.
          </Text>
        )}
        <Tabs
          value={form}
          onChange={(value) => setForm(FORMS.find((f) => f.value === value)?.value ?? 'text')}
        >
          <Tabs.List>
            {FORMS.map((f) => (
              <Tabs.Tab key={f.value} value={f.value}>
                {f.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {FORMS.map((f) => {
            const content = f.pick(citation);
            return (
              <Tabs.Panel key={f.value} value={f.value} pt="xs">
                <Stack gap="xs">
                  <Group justify="flex-end" gap="xs">
                    {f.value !== 'text' && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() =>
                          download(
                            `${citation.file}.${f.value === 'ris' ? 'ris' : 'bib'}`,
                            content,
                            f.value === 'ris'
                              ? 'application/x-research-info-systems'
                              : 'application/x-bibtex',
                          )
                        }
                      >
                        Download .{f.value === 'ris' ? 'ris' : 'bib'}
                      </Button>
                    )}
                    <CopyButton value={content}>
                      {({ copied, copy }) => (
                        <Button size="xs" onClick={copy}>
                          {copied ? 'Copied' : `Copy ${f.label}`}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                  <Code
                    block
                    aria-label={`Citation as ${f.label}`}
                    style={{ maxHeight: '60vh', overflow: 'auto', whiteSpace: 'pre-wrap' }}
                  >
                    {content}
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
