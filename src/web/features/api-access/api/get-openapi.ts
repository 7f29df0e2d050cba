import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';

const SchemaObject = z.record(z.string(), z.unknown());

const OperationSchema = z.object({
  operationId: z.string(),
  summary: z.string(),
  /** Empty on the public settings: no token needed. */
  security: z.optional(z.array(z.unknown())),
  parameters: z.array(
    z.object({
      name: z.string(),
      in: z.enum(['path', 'query']),
      required: z.boolean(),
      schema: SchemaObject,
    }),
  ),
  requestBody: z.optional(
    z.object({ content: z.object({ 'application/json': z.object({ schema: SchemaObject }) }) }),
  ),
  responses: z.record(z.string(), z.object({ description: z.string() })),
});

/** The part of the proxy's OpenAPI document (`/api/openapi.json`) the page shows. */
const OpenApiSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.optional(z.string()) }),
  paths: z.record(z.string(), z.record(z.string(), OperationSchema)),
});
export type OpenApi = z.infer<typeof OpenApiSchema>;

export const openApiQueries = {
  /** Built from the route table at the proxy's start: the same for the process's lifetime. */
  document: () =>
    queryOptions({
      queryKey: ['openapi'],
      queryFn: ({ signal }) => apiRequest('/api/openapi.json', OpenApiSchema, { signal }),
      staleTime: Infinity,
    }),
};
