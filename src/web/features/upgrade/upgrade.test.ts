import { describe, expect, it } from 'vitest';
import type { ListEntry } from '../../../shared/api/routes';
import type { UpgradeResult } from '../../../shared/api/schemas';
import { parseDatasetList } from '../../../shared/dataset-list';
import { partIndicators, scoreParts } from './api/use-upgrade-scores';
import { upgradeCalls } from './code-calls';
import { snippet } from '../../../shared/api/snippets';
import { scoredDatasets, splitsScored, upgradeMoves } from './score-moves';
import { ref, result, check, tableOf, doc } from '../../testing/upgrade-check';

describe('scores for a mapping', () => {
  it('asks for a candidate chosen later on its own, so what is loaded stays and it alone waits', () => {
    expect(scoreParts(check, new Map())).toEqual([
      { version: '3.10', ids: [1, 2] },
      { version: '3.12', ids: [1, 20] },
    ]);
    expect(scoreParts(check, new Map([[3, 30]]))).toEqual([
      { version: '3.10', ids: [1, 2] },
      { version: '3.12', ids: [1, 20] },
      { version: '3.10', ids: [3] },
      { version: '3.12', ids: [30] },
    ]);
  });

  it('loads the old and new datasets, a chosen candidate included', () => {
    const chosen = new Map([[3, 30]]);
    expect(scoredDatasets(check.results, chosen)).toEqual({ from: [1, 2, 3], to: [1, 20, 30] });
  });

  it('tells how each score moved from the old dataset to the new one, with its class', () => {
    const table = tableOf([
      { version: '3.10', page: { total: 1, datasets: [doc(2, [[882, 2]])] } },
      { version: '3.12', page: { total: 1, datasets: [doc(20, [[882, 3]])] } },
    ]);
    const moves = upgradeMoves(
      check.results[1] as UpgradeResult,
      check,
      new Map(),
      [
        { id: 882, before: { id: 882, link: { kind: 'same' } } },
        { id: 964, before: { id: 964, link: { kind: 'same' } } },
      ],
      table,
    );
    expect(moves.map((move) => [move.before, move.after, move.change.percent])).toEqual([
      [2, 3, 50],
      [undefined, undefined, null],
    ]);
    expect(moves.map((move) => move.change.class)).toEqual(['successor', 'not comparable']);
    expect(moves[1]?.change.why).toBe('Scores not loaded.');
  });

  it('scores every successor of a split, and says so before the bill', () => {
    const split = result(4, {
      verdict: 'split',
      successors: [
        { dataset: ref(4), share: 0.7, fields: [] },
        { dataset: ref(40), share: 0.3, fields: ['geography'] },
      ],
    });
    const withSplit = { ...check, results: [...check.results, split] };
    expect(scoredDatasets(withSplit.results)).toEqual({ from: [1, 2, 4], to: [1, 20, 4, 40] });
    expect(splitsScored(withSplit.results, new Map())).toEqual({ entries: 1, datasets: 2 });
  });

  it('asks the older release for the indicators’ counterparts, and nothing where none has one', () => {
    const followed = [
      {
        id: 1024,
        before: {
          id: 1111,
          link: {
            kind: 'counterpart' as const,
            basis: 'renamed' as const,
            differs: ['category' as const],
          },
        },
      },
      { id: 1443, before: null },
    ];
    expect(partIndicators(check, '3.12', followed)).toEqual([1024, 1443]);
    expect(partIndicators(check, '3.10', followed)).toEqual([1111]);
  });
});

describe('copy as code', () => {
  const release = { version: '3.12', systemModel: 'cutoff' };
  const parsed = parseDatasetList('1');
  const entries: ListEntry[] = parsed.ok ? parsed.entries : [];
  const bodies = (calls: ReturnType<typeof upgradeCalls>) =>
    calls.filter((call) => call.scored).map((call) => [call.path, call.body]);

  it('holds the scored batch calls of both releases, a chosen candidate’s on its own', () => {
    const calls = upgradeCalls({
      release,
      from: '3.10',
      entries,
      check,
      chosen: new Map([[3, 30]]),
      followed: [
        { id: 882, before: { id: 882, link: { kind: 'same' } } },
        { id: 964, before: { id: 964, link: { kind: 'same' } } },
      ],
    });
    expect(calls[0]?.route).toBe('upgradeCheck');
    expect(bodies(calls)).toEqual([
      [
        '/api/datasets/batch?version=3.10&system_model=cutoff&limit=2',
        { dataset_ids: [1, 2], indicator_ids: [882, 964] },
      ],
      [
        '/api/datasets/batch?version=3.12&system_model=cutoff&limit=2',
        { dataset_ids: [1, 20], indicator_ids: [882, 964] },
      ],
      [
        '/api/datasets/batch?version=3.10&system_model=cutoff&limit=1',
        { dataset_ids: [3], indicator_ids: [882, 964] },
      ],
      [
        '/api/datasets/batch?version=3.12&system_model=cutoff&limit=1',
        { dataset_ids: [30], indicator_ids: [882, 964] },
      ],
    ]);
    const curl = snippet('curl', calls, 'https://explorer.example');
    expect(curl).toContain('/api/datasets/batch?version=3.10&system_model=cutoff&limit=2');
  });

  it('holds the check alone before it answers or while no indicator is picked', () => {
    const input = { release, from: '3.10', entries, chosen: new Map<number, number>() };
    for (const calls of [
      upgradeCalls({
        ...input,
        check: undefined,
        followed: [{ id: 882, before: { id: 882, link: { kind: 'same' } } }],
      }),
      upgradeCalls({ ...input, check, followed: [] }),
      upgradeCalls({ ...input, check, followed: undefined }),
    ])
      expect(calls.map((call) => call.route)).toEqual(['upgradeCheck']);
  });
});
