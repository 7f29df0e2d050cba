/**
 * How a score moved from one release to another, in per cent of the earlier one. Null where it
 * cannot be said: a score missing on either side, or an earlier score of zero.
 */
export function percentChange(
  before: number | undefined,
  after: number | undefined,
): number | null {
  if (before === undefined || after === undefined || before === 0) return null;
  return ((after - before) / Math.abs(before)) * 100;
}

const percent = new Intl.NumberFormat('en', {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** `+12.3 %`, `−4 %`, `0 %`, or an em dash when there is no change to tell. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  return `${percent.format(change).replace('-', '−')} %`;
}
