import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeReportSchema, reportPair } from '../../shared/matching/change-report';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await buildEmulator({ config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.05' }) });
});
afterAll(() => emulator.app.close());

interface Listing {
  reports: { name: string; from: string; to: string; system_model: string; url: string }[];
}

describe('GET /change-reports', () => {
  it('publishes each release’s change report per system model, without a token', async () => {
    const listing = (await emulator.app.inject({ url: '/change-reports' })).json<Listing>();
    expect(listing.reports.map((r) => [r.from, r.to, r.system_model])).toEqual([
      ['3.10', '3.11', 'cutoff'],
      ['3.10', '3.11', 'apos'],
      ['3.10', '3.11', 'consequential'],
      ['3.10', '3.11', 'EN15804'],
      ['3.11', '3.12', 'cutoff'],
      ['3.11', '3.12', 'apos'],
      ['3.11', '3.12', 'consequential'],
      ['3.11', '3.12', 'EN15804'],
    ]);
    for (const entry of listing.reports) {
      const response = await emulator.app.inject({ url: entry.url });
      expect(response.statusCode).toBe(200);
      const report = ChangeReportSchema.parse(response.json());
      expect(reportPair(report.name)).toEqual({
        from: entry.from,
        to: entry.to,
        systemModel: entry.system_model,
      });
      expect(report.replace.length + report.disaggregate.length).toBeGreaterThan(0);
    }
  });

  it('answers 404 for a report it does not publish', async () => {
    for (const name of [
      'ecoinvent-3.10-cutoff-ecoinvent-3.12-cutoff',
      'ecoinvent-3.11-cutoff-ecoinvent-3.12-apos',
      'nonsense',
    ]) {
      const response = await emulator.app.inject({ url: `/change-reports/${name}.json` });
      expect(response.statusCode, name).toBe(404);
    }
  });
});
