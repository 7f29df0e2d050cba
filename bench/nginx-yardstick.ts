/**
 * The proxy benchmark's yardsticks and fleet: nginx passing requests to the emulator with the
 * service token injected (with and without `proxy_cache`), and two proxy instances sharing a
 * Redis behind nginx from deploy/nginx.conf.template.
 */
import { freePort } from '../src/launcher/stack';
import { startFleet, startNginxWith, type Fleet, type Running } from '../src/launcher/fleet';
import { startRedisServer, type RedisServer } from '../src/proxy/testing/redis-server';

/**
 * nginx with one worker (as the proxy is one Node process) in front of the emulator: `/api/…`
 * becomes `/v0/…` with the service token and a user ID added, as the proxy sends them. With
 * `cache`, answers are kept by `proxy_cache` and repeated requests never reach the emulator.
 */
export async function startNginxPassthrough(
  emulator: string,
  token: string,
  options: { cache: boolean },
): Promise<Running> {
  const port = await freePort();
  const upstream = new URL(emulator).host;
  return startNginxWith(
    port,
    (runDir) => `
worker_processes 1;
pid ${runDir}/nginx.pid;
error_log ${runDir}/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path ${runDir}/client_body;
    proxy_temp_path ${runDir}/proxy_temp;
    fastcgi_temp_path ${runDir}/fastcgi_temp;
    uwsgi_temp_path ${runDir}/uwsgi_temp;
    scgi_temp_path ${runDir}/scgi_temp;
    ${options.cache ? `proxy_cache_path ${runDir}/cache levels=1:2 keys_zone=answers:10m max_size=256m inactive=60m use_temp_path=off;` : ''}
    upstream emulator {
        server ${upstream};
        keepalive 64;
    }
    server {
        listen 127.0.0.1:${port};
        location /api/ {
            proxy_pass http://emulator/v0/;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Authorization "Bearer ${token}";
            proxy_set_header X-User-ID bench;
            proxy_max_temp_file_size 0;
            ${
              options.cache
                ? `proxy_cache answers;
            proxy_cache_valid 200 60m;
            proxy_cache_lock on;
            proxy_ignore_headers Cache-Control Expires Set-Cookie;`
                : ''
            }
        }
    }
}
`,
  );
}

/** Two proxy instances on one Redis behind nginx, as deploy/ runs them; `stop` ends it all. */
export async function startBenchFleet(
  env: NodeJS.ProcessEnv,
): Promise<{ fleet: Fleet; redis: RedisServer; stop: () => Promise<void> }> {
  const redis = await startRedisServer();
  const fleet = await startFleet({ count: 2, env: { ...env, REDIS_URL: redis.url } });
  return {
    fleet,
    redis,
    async stop() {
      await fleet.stop();
      await redis.stop();
    },
  };
}
