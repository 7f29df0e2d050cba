import { Anchor } from '@mantine/core';

/**
 * The proxy's OpenAPI document, for developers who script against the explorer's API. One
 * place, so a page that renders the document (an "API access" page) takes its place here.
 */
export function ApiDocumentLink() {
  return (
    <Anchor href="/api/openapi.json" target="_blank" rel="noreferrer" size="xs" px="xs" mt="xs">
      API: the OpenAPI document
    </Anchor>
  );
}
