import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API, type RouteName } from '../../shared/api/routes';
import { ProblemSchema } from '../../shared/problem';

const schema = (type: z.core.$ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' });

/** The proxy's own OpenAPI document, built from the route table that also registers the routes. */
function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  const problem = {
    description: 'Problem details',
    content: { 'application/problem+json': { schema: schema(ProblemSchema, 'output') } },
  };
  const errors = Object.fromEntries(
    ['400', '401', '403', '404', '429', '501', '502', '503', '504'].map((status) => [
      status,
      problem,
    ]),
  );
  for (const name of Object.keys(API) as RouteName[]) {
    const route = API[name];
    const parameters = (where: 'query' | 'path', type: z.core.$ZodType) => {
      const json = schema(type, 'input') as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      return Object.entries(json.properties ?? {}).map(([parameter, value]) => ({
        name: parameter,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(parameter),
        schema: value,
      }));
    };
    const ok = {
      description: 'OK',
      content: { 'application/json': { schema: schema(route.response, 'output') } },
    };
    paths[route.path] = {
      ...paths[route.path],
      [route.method.toLowerCase()]: {
        operationId: name,
        summary: route.summary,
        ...(route.auth ? {} : { security: [] }),
        parameters: [...parameters('path', route.params), ...parameters('query', route.query)],
        ...(route.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: schema(route.body, 'input') } },
              },
            }
          : {}),
        responses: {
          '200': ok,
          ...(route.accepted ? { '202': { ...ok, description: route.accepted } } : {}),
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
