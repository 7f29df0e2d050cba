import { describe, expect, it } from 'vitest';
import { DEFAULT_LICENCE, LicenceSyntaxError, parseLicence } from './licence';

describe('licence rules', () => {
  it('grants everything but the one combination the demo licence lacks', () => {
    const licence = parseLicence(DEFAULT_LICENCE);
    expect(licence.allows('3.12', 'cutoff')).toBe(true);
    expect(licence.allows('3.10', 'EN15804')).toBe(false);
    expect(licence.latest()).toBe('3.12');
  });

  it('applies later rules over earlier ones', () => {
    const licence = parseLicence('3.11/*,!3.11/apos,3.11/apos');
    expect(licence.allows('3.11', 'apos')).toBe(true);
    expect(licence.allows('3.12', 'cutoff')).toBe(false);
    expect(licence.latest()).toBe('3.11');
  });

  it('never grants a combination the release does not have', () => {
    expect(parseLicence('*/*').allows('3.12', 'made-up')).toBe(false);
    expect(parseLicence('*/*').allows('2.2', 'cutoff')).toBe(false);
  });

  it('rejects rules that are not version/systemModel', () => {
    expect(() => parseLicence('3.12')).toThrow(LicenceSyntaxError);
    expect(() => parseLicence('3.12/cutoff/x')).toThrow(LicenceSyntaxError);
  });
});
