import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { alreadyCharged, scoreBill } from '../bill';
import { forgetApprovals, useScoreConsent } from '../consent';
import { CostPrompt } from './cost-prompt';
import { ReleaseBill } from './release-bill';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the bill of scores from several releases', () => {
  it('states each release, how much of it is new, and the least it adds', async () => {
    const onLoad = vi.fn();
    renderWithProviders(
      <ReleaseBill
        title="Scores for 2 indicators in 3.10 and 3.12"
        bill={{
          releases: [
            { version: '3.10', systemModel: 'cutoff', datasets: 28, unseen: 28, elsewhere: 0 },
            { version: '3.12', systemModel: 'cutoff', datasets: 28, unseen: 3, elsewhere: 0 },
          ],
          adds: { datasets: ids(30), indicators: [], user: true },
          elsewhere: [],
        }}
        loadLabel="Load scores"
        onLoad={onLoad}
      />,
    );
    const lines = screen.getByRole('list', { name: 'Scores asked for, by release' });
    expect(lines).toHaveTextContent(
      '3.10: 28 datasets, all new this period3.12: 28 datasets, 3 of them new this period',
    );
    expect(
      screen.getByText(/^Loading them adds at least 30 new datasets and you as a user to/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Load scores' }));
    expect(onLoad).toHaveBeenCalledOnce();
  });

  it('says when every ID is charged already, and that another release may charge again', () => {
    renderWithProviders(
      <ReleaseBill
        title="Scores"
        bill={{
          releases: [
            { version: '3.11', systemModel: 'cutoff', datasets: 1, unseen: 0, elsewhere: 1 },
          ],
          adds: { datasets: [], indicators: [], user: false },
          elsewhere: [1],
        }}
        loadLabel="Load scores"
        onLoad={vi.fn()}
      />,
    );
    expect(
      screen.getByText('3.11: 1 dataset, its ID charged this period, in another release only'),
    ).toBeVisible();
    expect(
      screen.getByText(
        /under its ID\. 1 dataset charged this period only in another release may be charged again: .* do not say whether it bills an ID again/,
      ),
    ).toBeVisible();
  });

  it('names the system model of each line when the bill spans more than one', () => {
    renderWithProviders(
      <ReleaseBill
        title="Scores"
        bill={scoreBill(
          ['cutoff', 'apos'].map((systemModel) => ({
            version: '3.12',
            systemModel,
            datasetIds: [1],
            indicatorIds: [882],
          })),
          {
            datasets: [1],
            indicators: [882],
            user: true,
            releases: [
              { version: '3.12', system_model: 'cutoff', datasets: [1] },
              { version: '3.12', system_model: 'apos', datasets: [1] },
            ],
          },
        )}
        loadLabel="Load scores"
        onLoad={vi.fn()}
      />,
    );
    const lines = screen.getByRole('list', { name: 'Scores asked for, by release' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      '3.12 · cutoff: 1 dataset, its ID charged this period',
      '3.12 · apos: 1 dataset, its ID charged this period',
    ]);
  });
});

describe('consent across releases', () => {
  beforeEach(() => forgetApprovals());
  const request = (version: string, datasetIds: number[]) => ({
    version,
    systemModel: 'cutoff',
    datasetIds,
    indicatorIds: [882],
  });

  it('covers each release only once agreed to, and never what is added later', () => {
    const { result, rerender } = renderHook(
      ({ requests }) => useScoreConsent(requests, undefined, 'releases'),
      {
        initialProps: { requests: [request('3.11', [1]), request('3.12', [1])] },
      },
    );
    expect(result.current).toMatchObject({ allowed: false, covered: [false, false] });
    act(() => result.current.approve());
    expect(result.current).toMatchObject({ allowed: true, covered: [true, true] });
    rerender({ requests: [request('3.11', [1]), request('3.12', [1, 2])] });
    expect(result.current).toMatchObject({ allowed: false, covered: [true, false] });
    // The same dataset in a release nobody agreed to is not covered by another release's yes.
    rerender({ requests: [request('3.10', [1])] });
    expect(result.current.covered).toEqual([false]);
  });
});

describe('consent within one release', () => {
  beforeEach(() => forgetApprovals());
  const request = { version: '3.12', systemModel: 'cutoff', datasetIds: [1], indicatorIds: [882] };
  const charged = {
    datasets: [1],
    indicators: [882],
    user: true,
    releases: [{ version: '3.12', system_model: 'cutoff', datasets: [1] }],
  };

  it('lets what is charged already load by itself, which a bill across releases never does', () => {
    const { result, rerender } = renderHook(
      ({ scope }: { scope: 'release' | 'releases' }) => useScoreConsent([request], charged, scope),
      { initialProps: { scope: 'release' } },
    );
    expect(result.current.allowed).toBe(true);
    rerender({ scope: 'releases' });
    expect(result.current.allowed).toBe(false);
  });

  it('waits for a yes for a dataset charged this period only in another release', () => {
    const in311 = { ...request, version: '3.11' };
    const { result } = renderHook(() => useScoreConsent([in311], charged, 'release'));
    expect(result.current.allowed).toBe(false);
    const bill = scoreBill([in311], charged);
    expect(bill.adds).toEqual({ datasets: [], indicators: [], user: false });
    expect(bill.elsewhere).toEqual([1]);
    expect(alreadyCharged(in311, charged).datasetIds).toEqual([]);
  });

  it('says what a dataset charged only in another release may cost before loading it', () => {
    renderWithProviders(
      <CostPrompt
        title="Scores for 1 indicator"
        charges={{ datasets: [], indicators: [], user: false }}
        elsewhere={[1]}
        onLoad={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        /^Each is charged this period under its ID\. 1 dataset charged this period only in another release may be charged again/,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/costs nothing more/)).toBeNull();
  });

  it('waits for a yes while the usage is not known, or the user is not counted yet', () => {
    const { result, rerender } = renderHook(
      ({ known }: { known: typeof charged | undefined }) =>
        useScoreConsent([request], known, 'release'),
      { initialProps: { known: undefined as typeof charged | undefined } },
    );
    expect(result.current.allowed).toBe(false);
    rerender({ known: { ...charged, user: false } });
    expect(result.current.allowed).toBe(false);
    act(() => result.current.approve());
    expect(result.current.allowed).toBe(true);
  });
});
