import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetApprovals, useConsentAcrossReleases } from '../../lib/score-consent';
import { renderWithProviders } from '../../testing/render';
import { ReleaseBill } from './release-bill';

describe('the bill of scores from several releases', () => {
  it('states each release, how much of it is new, and the least it adds', async () => {
    const onLoad = vi.fn();
    renderWithProviders(
      <ReleaseBill
        title="Scores for 2 indicators in 3.10 and 3.12"
        releases={[
          { version: '3.10', datasets: 28, unseen: 28 },
          { version: '3.12', datasets: 28, unseen: 3 },
        ]}
        newDatasets={30}
        newIndicators={0}
        newUser
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
        releases={[{ version: '3.11', datasets: 1, unseen: 0 }]}
        newDatasets={0}
        newIndicators={0}
        newUser={false}
        loadLabel="Load scores"
        onLoad={vi.fn()}
      />,
    );
    expect(screen.getByText('3.11: 1 dataset, its ID charged this period')).toBeVisible();
    expect(screen.getByText(/may still be charged again for another/)).toBeVisible();
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
    const { result, rerender } = renderHook(({ requests }) => useConsentAcrossReleases(requests), {
      initialProps: { requests: [request('3.11', [1]), request('3.12', [1])] },
    });
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
