import { describe, expect, it } from 'vitest';
import { EmulatorConfigError, emulatorConfigFromEnv } from '../emulator/config';
import { ConfigError, proxyConfigFromEnv } from '../proxy/config';
import { checkStackEnv, pointAtEmulator } from './stack';

// `npm start` checks its environment before it builds the explorer, so a typo costs a moment.
describe('checkStackEnv', () => {
  it('accepts an empty environment: the embedded emulator and its demo sign-in', () => {
    expect(() => checkStackEnv({})).not.toThrow();
    expect(() => checkStackEnv({ PORT: '0', EMULATOR_PORT: '0' })).not.toThrow();
  });

  it('names a bad proxy variable', () => {
    expect(() => checkStackEnv({ CACHE_MAX_MB: 'lots' })).toThrow(ConfigError);
    expect(() => checkStackEnv({ CACHE_MAX_MB: 'lots' })).toThrow(/CACHE_MAX_MB/);
  });

  it('names a bad emulator variable, and ignores emulator variables with a real data service', () => {
    expect(() => checkStackEnv({ EMULATOR_SCALE: '7' })).toThrow(EmulatorConfigError);
    expect(() => checkStackEnv({ EMULATOR_SCALE: '7' })).toThrow(/EMULATOR_SCALE/);
    expect(() =>
      checkStackEnv({
        EMULATOR_SCALE: '7',
        DATA_API_URL: 'https://api.example.org',
        DATA_API_CLIENT_ID: 'explorer',
        DATA_API_CLIENT_SECRET: 'secret',
        AUTH_ISSUER: 'https://sso.example.org/realms/explorer',
      }),
    ).not.toThrow();
  });

  it('asks for the credentials a real data service needs', () => {
    expect(() => checkStackEnv({ DATA_API_URL: 'https://api.example.org' })).toThrow(
      /DATA_API_CLIENT_ID|DATA_API_CLIENT_SECRET/,
    );
  });
});

describe('pointAtEmulator', () => {
  it('tells a proxy in a process of its own (deploy:local) that its data is the emulator’s', () => {
    const env: NodeJS.ProcessEnv = {};
    pointAtEmulator(env, emulatorConfigFromEnv({}));
    expect(proxyConfigFromEnv(env).dataApi.emulated).toBe(true);
  });
});
