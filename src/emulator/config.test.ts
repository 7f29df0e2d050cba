import { describe, expect, it } from 'vitest';
import { EmulatorConfigError, emulatorConfigFromEnv } from './config';

describe('EMULATOR_DIALECT and EMULATOR_SPOLD_ROUTE', () => {
  it('answers in the documented shapes, with the lookup at /datasets/spold, unless told otherwise', () => {
    const config = emulatorConfigFromEnv({});
    expect(config.dialect).toBe('documented');
    expect(config.spoldRoute).toBe('/datasets/spold');
  });

  it('moves the lookup to /datasets/by-spold in the variant dialect', () => {
    const config = emulatorConfigFromEnv({ EMULATOR_DIALECT: 'variant' });
    expect(config.dialect).toBe('variant');
    expect(config.spoldRoute).toBe('/datasets/by-spold');
  });

  it.each([
    ['/datasets/spold', '/datasets/spold'],
    ['/lookup', '/lookup'],
    ['/datasets/by_spold/v-2', '/datasets/by_spold/v-2'],
    ['none', null],
  ])('takes %s as the lookup path in either dialect', (value, expected) => {
    for (const dialect of ['documented', 'variant']) {
      const config = emulatorConfigFromEnv({
        EMULATOR_DIALECT: dialect,
        EMULATOR_SPOLD_ROUTE: value,
      });
      expect(config.spoldRoute).toBe(expected);
    }
  });

  it.each([
    // The old meaning (a last segment) must fail loudly rather than move the route.
    'spold',
    'datasets/spold',
    '/datasets/spold/',
    '/Datasets/spold',
    '/datasets/123',
    '/a/b/c/d',
    '/datasets/sp old',
    '',
    '/datasets',
    '/versions',
  ])('refuses EMULATOR_SPOLD_ROUTE=%j with one line naming it', (value) => {
    const read = () => emulatorConfigFromEnv({ EMULATOR_SPOLD_ROUTE: value });
    expect(read).toThrow(EmulatorConfigError);
    expect(read).toThrow(/^Invalid EMULATOR_SPOLD_ROUTE: must [^\n]+$/);
  });

  it('refuses an unknown dialect with one line naming it', () => {
    const read = () => emulatorConfigFromEnv({ EMULATOR_DIALECT: 'recorded' });
    expect(read).toThrow(EmulatorConfigError);
    expect(read).toThrow(/^Invalid EMULATOR_DIALECT: [^\n]+$/);
  });
});

describe('the deviation knobs', () => {
  it('are all off unless set', () => {
    expect(emulatorConfigFromEnv({}).faults).toMatchObject({
      rename_field: null,
      null_field: null,
      omit_total: false,
      indicator_paging: false,
      paging: null,
      max_limit: 100,
      over_limit: 'refuse',
      score_shape: 'documented',
      rate_limit_burst: null,
      token_answer: 'keycloak',
      redirect: 'none',
      html_errors: false,
      formula_names: false,
      total_cap: null,
      versions_vocabulary: 'codes',
      missing_score: null,
      slow_calls: null,
      gateway_refusal: 'none',
      content_encoding: 'identity',
      absent_as: '404',
      not_found_ms: 0,
    });
  });

  it('read their variables, and refuse a bad one with one line naming it', () => {
    const config = emulatorConfigFromEnv({
      EMULATOR_RENAME_FIELD: 'geography:location',
      EMULATOR_RATE_LIMIT_BURST: '3',
      EMULATOR_MAX_LIMIT: '50',
      EMULATOR_OVER_LIMIT: 'clamp',
    });
    expect(config.faults).toMatchObject({
      rename_field: { from: 'geography', to: 'location' },
      rate_limit_burst: { count: 3 },
      max_limit: 50,
      over_limit: 'clamp',
    });
    expect(() => emulatorConfigFromEnv({ EMULATOR_RENAME_FIELD: 'geography' })).toThrow(
      /^Invalid EMULATOR_RENAME_FIELD: [^\n]+$/,
    );
  });

  it('read the knobs of issue 32: a missing score as form and indicator, slow calls as share and delay', () => {
    const config = emulatorConfigFromEnv({
      EMULATOR_MISSING_SCORE: 'nan:990',
      EMULATOR_SLOW_RATE: '0.1',
      EMULATOR_SLOW_MS: '20000',
      EMULATOR_TOTAL_CAP: '10000',
      EMULATOR_ABSENT_AS: 'null',
    });
    expect(config.faults).toMatchObject({
      missing_score: { as: 'nan', indicator: 990 },
      slow_calls: { rate: 0.1, ms: 20_000 },
      total_cap: 10_000,
      absent_as: 'null',
    });
    expect(
      emulatorConfigFromEnv({ EMULATOR_MISSING_SCORE: 'absent' }).faults.missing_score,
    ).toEqual({ as: 'absent', indicator: 882 });
    expect(() => emulatorConfigFromEnv({ EMULATOR_MISSING_SCORE: 'zero' })).toThrow(
      /^Invalid EMULATOR_MISSING_SCORE: [^\n]+$/,
    );
  });
});
