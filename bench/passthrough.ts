/**
 * Child process of the proxy benchmark: the least any Node proxy could do on the data path
 * (Fastify in, undici out, the body passed through as text; no checks, no cache, no logs). It
 * is the yardstick for what the real proxy's own work costs, not a proxy anyone should run.
 */
import Fastify from 'fastify';
import { Agent, request } from 'undici';

const upstream = process.env.PASSTHROUGH_UPSTREAM ?? '';
const token = process.env.PASSTHROUGH_TOKEN ?? '';
const agent = new Agent({ connections: 128, keepAliveTimeout: 10_000 });
const app = Fastify({ logger: false });
app.get('/api/datasets/:id', async (incoming, reply) => {
  const answer = await request(new URL(incoming.url.replace('/api/', '/v0/'), upstream), {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}`, 'x-user-id': 'bench' },
  });
  return reply
    .code(answer.statusCode)
    .type('application/json')
    .send(await answer.body.text());
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('ready\n');
