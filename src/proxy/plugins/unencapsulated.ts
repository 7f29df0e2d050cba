import type { FastifyPluginAsync } from 'fastify';

/**
 * A plugin whose decorators and hooks belong to the instance that registers it, as
 * fastify-plugin makes them: Fastify reads the same two symbols. The package would be one more
 * dependency for four lines.
 */
export function unencapsulated<Options extends object>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
