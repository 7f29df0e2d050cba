import { describe, expect, it } from 'vitest';
import { claimHolds, type VerifiedUser } from '../auth/user-auth';
import { proxyConfigFromEnv } from '../config';
import { UsageLedger } from './ledger';
import { inProcessLedger } from './ledger-store';
import { createUsageRoute } from './usage-route';

const env = {
  DATA_API_URL: 'http://127.0.0.1:59',
  DATA_API_CLIENT_ID: 'proxy',
  DATA_API_CLIENT_SECRET: 'secret',
  AUTH_ISSUER: 'http://127.0.0.1:59/realms/explorer',
  AUTH_CLIENT_ID: 'lci-explorer',
};
const route = (extra: Record<string, string> = {}) =>
  createUsageRoute({
    ledger: inProcessLedger(
      new UsageLedger({
        file: undefined,
        budget: { datasets: undefined, indicators: undefined },
        now: Date.now,
      }),
    ),
    config: proxyConfigFromEnv({ ...env, ...extra }),
  });
const user = (clientId: string | undefined): VerifiedUser => ({
  userId: 'u',
  subject: 's',
  clientId,
  isAdmin: false,
});
const release = { version: '3.12', systemModel: 'cutoff' };

describe('who a charge is recorded as coming from', () => {
  it('is the explorer for a token of its own client, a program for another client of the issuer', () => {
    const usage = route();
    expect(usage.source(user('lci-explorer'), release, 'compare')).toEqual({
      release,
      page: 'compare',
      client: 'browser',
    });
    expect(usage.source(user('reporting-script'), release, 'other').client).toBe('program');
    expect(usage.source(user(undefined), release, 'other').client).toBe('unknown');
  });

  it('is unknown without sign-in', () => {
    const usage = route({ AUTH_MODE: 'none' });
    expect(usage.source(user(undefined), release, 'dataset').client).toBe('unknown');
  });
});

describe('the admin role from a claim of the token', () => {
  const payload = {
    sub: 'maria',
    scope: 'openid lci-admin',
    groups: ['staff', 'lci-admin'],
    realm_access: { roles: ['lci-admin'] },
  };

  it('is held by a claim equal to the value, a list holding it, or words naming it', () => {
    expect(claimHolds(payload, 'sub', 'maria')).toBe(true);
    expect(claimHolds(payload, 'groups', 'lci-admin')).toBe(true);
    expect(claimHolds(payload, 'realm_access.roles', 'lci-admin')).toBe(true);
    expect(claimHolds(payload, 'scope', 'lci-admin')).toBe(true);
  });

  it('is not held by a missing claim, a prefix, or an inherited property', () => {
    expect(claimHolds(payload, 'sub', 'mari')).toBe(false);
    expect(claimHolds(payload, 'roles', 'lci-admin')).toBe(false);
    expect(claimHolds(payload, 'realm_access.roles.0', 'lci-admin')).toBe(false);
    expect(claimHolds(payload, 'constructor', 'Object')).toBe(false);
  });
});
