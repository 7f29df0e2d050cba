import { describe, expect, it } from 'vitest';
import { ConfigError, proxyConfigFromEnv } from './config';

const base = {
  DATA_API_URL: 'https://api.example.test',
  DATA_API_CLIENT_ID: 'client',
  DATA_API_CLIENT_SECRET: 'super-secret-value',
  AUTH_ISSUER: 'https://sso.example.test/realms/org',
};

const failure = (env: NodeJS.ProcessEnv) => {
  try {
    proxyConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('proxy configuration', () => {
  it('builds the upstream base path from the URL and the prefix', () => {
    const config = proxyConfigFromEnv({
      ...base,
      DATA_API_URL: 'https://api.example.test/base/',
      DATA_API_PREFIX: '/v3/api1',
    });
    expect(config.dataApi.origin).toBe('https://api.example.test');
    expect(config.dataApi.basePath).toBe('/base/v3/api1');
    expect(config.dataApi.tokenUrl).toBe(
      'https://sso.ecoinvent.org/realms/ecoinvent/protocol/openid-connect/token',
    );
  });

  it('takes the paging and page size check:upstream finds, and refuses a page size past 100', () => {
    const config = proxyConfigFromEnv({
      ...base,
      DATA_API_SEARCH_PAGING: 'page',
      DATA_API_PAGE_SIZE: '50',
    });
    expect([config.dataApi.searchPaging, config.dataApi.pageSize]).toEqual(['page', 50]);
    expect(proxyConfigFromEnv(base).dataApi.pageSize).toBe(100);
    expect(failure({ ...base, DATA_API_PAGE_SIZE: '101' })).toMatch(/^DATA_API_PAGE_SIZE /);
    expect(failure({ ...base, DATA_API_SEARCH_PAGING: 'cursor' })).toMatch(
      /^DATA_API_SEARCH_PAGING /,
    );
  });

  it('takes how the service says “no such dataset” as the check confirmed it: its 404 unless told', () => {
    expect(proxyConfigFromEnv(base).dataApi.absentAs).toBe('404');
    expect(proxyConfigFromEnv({ ...base, DATA_API_ABSENT_AS: 'null' }).dataApi.absentAs).toBe(
      'null',
    );
    expect(failure({ ...base, DATA_API_ABSENT_AS: 'none' })).toMatch(/^DATA_API_ABSENT_AS /);
  });

  it('names a missing secret in one line, without any value', () => {
    const message = failure({ ...base, DATA_API_CLIENT_SECRET: undefined });
    expect(message).toBe('DATA_API_CLIENT_SECRET is required');
  });

  it('names an invalid variable and never echoes the secret', () => {
    const message = failure({ ...base, DATA_API_URL: 'not a url' });
    expect(message).toMatch(/^DATA_API_URL /);
    expect(message).not.toContain('super-secret-value');
  });

  it('refuses AUTH_MODE=none unless the proxy binds to loopback', () => {
    expect(failure({ ...base, AUTH_MODE: 'none', HOST: '0.0.0.0' })).toMatch(
      /^AUTH_MODE=none is refused/,
    );
    expect(proxyConfigFromEnv({ ...base, AUTH_MODE: 'none', HOST: '127.0.0.1' }).auth).toEqual({
      mode: 'none',
    });
  });

  it('says the data is the emulator’s only when told so', () => {
    expect(proxyConfigFromEnv(base).dataApi.emulated).toBe(false);
    expect(proxyConfigFromEnv({ ...base, DATA_API_EMULATED: 'true' }).dataApi.emulated).toBe(true);
    expect(failure({ ...base, DATA_API_EMULATED: 'yes' })).toMatch(/^DATA_API_EMULATED /);
  });

  it('requires an issuer when users sign in', () => {
    expect(failure({ ...base, AUTH_ISSUER: undefined })).toBe(
      'AUTH_ISSUER is required when AUTH_MODE=oidc',
    );
  });
});
