import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProblemSchema } from '../../shared/problem';
import { SectorsSchema, UsageSchema } from '../../shared/proxy-api';
import { PublicConfigSchema } from '../../shared/config';
import { VersionsResponseSchema } from '../../shared/versions';
import { DATA_ROUTES } from './data-routes';

const schema = (type: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' });

/** The proxy's own OpenAPI document, built from the same allow-list that guards the routes. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  const problem = {
    description: 'Problem details',
    content: { 'application/problem+json': { schema: schema(ProblemSchema, 'output') } },
  };
  const errors = {
    '400': problem,
    '401': problem,
    '403': problem,
    '404': problem,
    '429': problem,
    '502': problem,
    '503': problem,
    '504': problem,
  };
  const plain = (summary: string, response: z.ZodType, auth = true) => ({
    get: {
      summary,
      ...(auth ? {} : { security: [] }),
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: schema(response, 'output') } },
        },
        ...errors,
      },
    },
  });
  paths['/api/config'] = plain('Public sign-in settings for the SPA', PublicConfigSchema, false);
  paths['/api/versions'] = plain(
    'Version × system-model combinations of the licence',
    VersionsResponseSchema,
  );
  paths['/api/usage'] = plain('This licence period’s charges and budget', UsageSchema);
  const sectors = plain(
    'Sectors and ISIC sections of a release (`version`, `system_model`), from the proxy’s index: 202 with progress while it is built',
    SectorsSchema,
  );
  sectors.get.responses = {
    ...sectors.get.responses,
    '202': {
      description: 'The index is being built; ask again after Retry-After',
      content: { 'application/json': { schema: schema(SectorsSchema, 'output') } },
    },
  } as typeof sectors.get.responses;
  paths['/api/sectors'] = sectors;
  for (const route of DATA_ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const query = schema(route.query, 'input') as { properties?: Record<string, unknown> };
    const parameters = [
      ...Object.entries(query.properties ?? {}).map(([name, value]) => ({
        name,
        in: 'query',
        required: false,
        schema: value,
      })),
      ...(route.params
        ? [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }]
        : []),
    ];
    paths[path] = {
      [route.method.toLowerCase()]: {
        summary: route.summary,
        parameters,
        ...(route.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schema(route.body, 'input') } },
              },
            }
          : {}),
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: schema(route.response, 'output') } },
          },
          ...errors,
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'LCI Explorer proxy',
      version: '0.1.0',
      description: 'The token-holding proxy in front of the data service.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

export function registerOpenApi(app: FastifyInstance) {
  const document = JSON.stringify(buildOpenApi());
  app.get('/api/openapi.json', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document),
  );
}
