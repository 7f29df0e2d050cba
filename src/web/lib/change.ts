const percent = new Intl.NumberFormat('en', {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** `+12.3 %`, `−4 %`, `0 %`, or an em dash when there is no change to tell. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  return `${percent.format(change).replace('-', '−')} %`;
}
