import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UpgradeResult } from '../../shared/api/schemas';
import { shareText, sourceOfVerdict } from '../../shared/matching/words';
import { callApi } from '../lib/api-client';
import { liveProxy } from '../testing/live-proxy';
import { renderApp } from '../testing/render-app';

const live = liveProxy();

interface TruthRow {
  from_id: number | null;
  to_id: number | null;
  kind: string;
}

/** A dataset of 3.11 the emulator split on the way to 3.12: 3.12 lacks its ID. */
async function splitIn312(): Promise<number> {
  const truth = (await (
    await fetch(
      `${live.stack.emulatorOrigin}/_emulator/changes?from=3.11&to=3.12&system_model=cutoff`,
    )
  ).json()) as { rows: TruthRow[] };
  const inNewer = new Set(truth.rows.map((row) => row.to_id));
  const split = truth.rows.find(
    (row) => row.kind === 'split' && row.from_id !== null && !inNewer.has(row.from_id),
  )?.from_id;
  if (!split) throw new Error('the emulator split nothing from 3.11 to 3.12');
  return split;
}

/**
 * What the upgrade check says of a Dataset ID of 3.11, asked until the releases are read, and
 * where it says that comes from.
 */
async function checked(id: number): Promise<{ result: UpgradeResult; source: string }> {
  for (;;) {
    const answer = await callApi('upgradeCheck', {
      query: { version: '3.12', system_model: 'cutoff', from: '3.11' },
      body: { entries: [{ line: 1, kind: 'id', id }] },
    });
    if (answer.status === 'ready') {
      const [result] = answer.results;
      if (!result) throw new Error('no result');
      return {
        result,
        source: sourceOfVerdict(result, { change: result.change, steps: answer.reports }),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The successors table's rows as ID and share, in the page's words. */
const shown = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return `${cells[0]?.textContent ?? ''} ${cells[3]?.textContent ?? ''}`;
    });

describe('a dataset this release lacks', () => {
  it('its page says what it became here, as the upgrade check says it', async () => {
    const id = await splitIn312();
    await renderApp(`/3.12/cutoff/datasets/${id}?ind=882`);
    expect(
      await screen.findByRole('heading', { name: `Dataset ${id} is not in 3.12 · cutoff` }),
    ).toBeVisible();
    const table = await screen.findByRole(
      'table',
      { name: `What Dataset ${id} of 3.11 became in 3.12` },
      { timeout: 30_000 },
    );
    const { result: check, source } = await checked(id);
    expect(check.verdict).toBe('split');
    expect(shown(table)).toEqual(
      check.successors.map(
        (s) => `${s.dataset.id} ${s.share === null ? 'whole' : shareText(s.share)}`,
      ),
    );
    expect(screen.getByText(`Source: ${source}`)).toBeVisible();
    const [first] = check.successors;
    expect(screen.getByRole('link', { name: String(first?.dataset.id) })).toHaveAttribute(
      'href',
      `/3.12/cutoff/datasets/${first?.dataset.id}?ind=882`,
    );
  });

  it('its ecoSpold file name, looked up here, is found in 3.11 and followed the same way', async () => {
    const id = await splitIn312();
    const dataset = await callApi('dataset', {
      params: { id },
      query: { version: '3.11', system_model: 'cutoff' },
    });
    const file = `${dataset.activity_spold_uuid ?? ''}_${dataset.product_spold_uuid ?? ''}.spold`;
    await renderApp(`/3.12/cutoff/lookup/${file}`);
    expect(await screen.findByRole('heading', { name: 'No dataset found' })).toBeVisible();
    const table = await screen.findByRole(
      'table',
      { name: `What Dataset ${id} of 3.11 became in 3.12` },
      { timeout: 30_000 },
    );
    const { result: check } = await checked(id);
    expect(shown(table)).toEqual(
      check.successors.map(
        (s) => `${s.dataset.id} ${s.share === null ? 'whole' : shareText(s.share)}`,
      ),
    );
    expect(screen.getByRole('link', { name: '3.11 · cutoff' })).toHaveAttribute(
      'href',
      `/3.11/cutoff/lookup/${encodeURIComponent(file)}`,
    );
  });
});
