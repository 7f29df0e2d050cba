import { Accordion, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { OpenApi } from '../api/get-openapi';

/** A JSON schema's type in a few words: `integer`, `array of integer`, `"a" | "b"`. */
function typeOf(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.anyOf))
    return (schema.anyOf as Record<string, unknown>[]).map(typeOf).join(' or ');
  if (schema.type === 'array' && typeof schema.items === 'object' && schema.items !== null)
    return `array of ${typeOf(schema.items as Record<string, unknown>)}`;
  const limits = [
    typeof schema.minimum === 'number' ? `≥ ${schema.minimum}` : '',
    typeof schema.maximum === 'number' ? `≤ ${schema.maximum}` : '',
    typeof schema.maxItems === 'number' ? `at most ${schema.maxItems}` : '',
  ].filter(Boolean);
  const pattern = typeof schema.pattern === 'string' ? `matching ${schema.pattern}` : '';
  const type = typeof schema.type === 'string' ? schema.type : 'any';
  return [type, ...limits, pattern].filter(Boolean).join(', ');
}

/**
 * The proxy's OpenAPI document as a reference: every route with its method, parameters, body
 * and answers, as the proxy registers and validates them (they come from the same table).
 */
export function OpenApiView({ document }: { document: OpenApi }) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <Accordion variant="separated" multiple>
      {operations.map(({ path, method, operation }) => (
        <Accordion.Item key={`${method} ${path}`} value={`${method} ${path}`}>
          <Accordion.Control>
            <Group gap="sm" wrap="nowrap">
              <Text ff="monospace" fw={700} size="sm" w={48}>
                {method.toUpperCase()}
              </Text>
              <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap', flex: 'none' }}>
                {path}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {operation.summary}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="sm">
                {operation.summary}
                {operation.security?.length === 0 ? ' No token needed.' : ''}
              </Text>
              {operation.parameters.length > 0 && (
                <Table.ScrollContainer minWidth={420} type="native">
                  <Table
                    aria-label={`Parameters of ${method.toUpperCase()} ${path}`}
                    withTableBorder
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Parameter</Table.Th>
                        <Table.Th scope="col">In</Table.Th>
                        <Table.Th scope="col">Type</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {operation.parameters.map((parameter) => (
                        <Table.Tr key={`${parameter.in}-${parameter.name}`}>
                          <Table.Td>
                            <Code>{parameter.name}</Code>
                            {parameter.required ? ' (required)' : ''}
                          </Table.Td>
                          <Table.Td>{parameter.in}</Table.Td>
                          <Table.Td>{typeOf(parameter.schema)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              {operation.requestBody && (
                <>
                  <Text size="sm" fw={600}>
                    Body (JSON schema)
                  </Text>
                  <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
                    {JSON.stringify(
                      operation.requestBody.content['application/json'].schema,
                      null,
                      2,
                    )}
                  </Code>
                </>
              )}
              <Text size="sm">
                Answers:{' '}
                {Object.entries(operation.responses)
                  .map(([status, answer]) => `${status} ${answer.description}`)
                  .join(' · ')}
              </Text>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
