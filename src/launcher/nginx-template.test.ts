import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API } from '../shared/api/routes';
import { NGINX_TEMPLATE } from './fleet';

describe('deploy/nginx.conf.template', () => {
  it('takes bodies as large as the largest the API takes, so nginx never answers 413 first', () => {
    const template = readFileSync(NGINX_TEMPLATE, 'utf8');
    const [, size = '0', unit = ''] = /client_max_body_size (\d+)([km]?);/.exec(template) ?? [];
    const bytes = Number(size) * (unit === 'm' ? 1024 * 1024 : unit === 'k' ? 1024 : 1);
    // The proxy's default body limit (100 kB) and each route's own.
    const largest = Math.max(
      100 * 1024,
      ...Object.values(API).map((route) => ('bodyLimit' in route ? (route.bodyLimit ?? 0) : 0)),
    );
    expect(largest).toBeGreaterThan(100 * 1024);
    expect(bytes).toBeGreaterThanOrEqual(largest);
  });
});
