import { describe, expect, it } from 'vitest';
import { UsageSchema, type Usage } from '../../shared/api/schemas';
import { usageLines } from './usage';

const charge = (at: string, datasets: number[]) => ({
  at,
  user: 'me',
  mine: true,
  newUser: false,
  datasets,
  maybe: null,
  indicators: [882],
  release: { version: '3.12', system_model: 'cutoff' },
  page: 'other',
  client: 'program',
});

const answer = (charges: ReturnType<typeof charge>[], total: number): Usage =>
  UsageSchema.parse({
    period: '2026',
    period_start: '2026-01-01',
    period_end: '2026-12-31',
    datasets: 600,
    indicators: 1,
    users: 1,
    budget: { datasets: null, indicators: null },
    pending: { calls: 0, datasets: [], count: 0, indicators: [] },
    maybe: { datasets: [], count: 0 },
    charged: { datasets: [], indicators: [882], user: true, releases: [] },
    viewer: { admin: false },
    charges,
    charges_total: total,
  });

describe('usage in text', () => {
  it('says when it lists fewer charges than there are, and where the rest of a long list is', () => {
    const lines = usageLines(
      answer(
        [
          charge(
            '2026-06-01T00:00:00Z',
            Array.from({ length: 12 }, (_, i) => i + 1),
          ),
        ],
        501,
      ),
    );
    expect(lines).toContain(
      'Listed: the newest 1 of 501 charges this period; what follows counts only those.',
    );
    expect(lines.at(-1)).toContain(
      '12 dataset(s) 1,2,3,4,5,6,7,8,9,10,… (2 more in --format json)',
    );
  });

  it('says what the ledger lost and still counts, apart from what it itemises', () => {
    const lines = usageLines({
      ...answer([charge('2026-06-01T00:00:00Z', [1])], 1),
      lost: { datasets: 3, indicators: 1, users: 1 },
    });
    expect(lines).toContain(
      'Lost from the ledger (billed by the data service, counted above and against the budget, not itemised): 3 dataset(s), 1 indicator(s), 1 user(s)',
    );
    expect(usageLines(answer([], 0)).some((line) => line.startsWith('Lost'))).toBe(false);
  });

  it('says nothing of the kind when every charge is listed', () => {
    const lines = usageLines(answer([charge('2026-06-01T00:00:00Z', [1])], 1));
    expect(lines.some((line) => line.startsWith('Listed:'))).toBe(false);
    expect(lines.at(-1)).toContain('1 dataset(s) 1;');
  });
});
