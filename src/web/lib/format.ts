/**
 * Numbers for reading: four significant digits, scientific notation for very small or large
 * magnitudes, and the exact value kept for tooltips and exports.
 */
const plain = new Intl.NumberFormat('en', { maximumSignificantDigits: 4 });

const needsExponent = (value: number) => {
  const magnitude = Math.abs(value);
  return magnitude !== 0 && (magnitude < 1e-3 || magnitude >= 1e6);
};

function scientific(value: number): string {
  if (value === 0) return '0';
  const [mantissa = '0', exponent = '0'] = value.toExponential(3).split('e');
  return `${String(Number(mantissa))} × 10${superscript(Number(exponent))}`;
}

export function formatScore(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  return needsExponent(value) ? scientific(value) : plain.format(value);
}

/**
 * One notation for a row of values that are read side by side: scientific for all when any one
 * needs it, so 0.002621 never stands beside 9.018 × 10⁻⁴.
 */
export function rowFormatter(values: readonly (number | undefined)[]): (value: number) => string {
  const finite = values.filter(
    (value): value is number => value !== undefined && Number.isFinite(value),
  );
  return finite.some(needsExponent)
    ? (value) => (Number.isFinite(value) ? scientific(value) : String(value))
    : formatScore;
}

const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

function superscript(exponent: number): string {
  return String(exponent)
    .split('')
    .map((c) => SUPERSCRIPT[c] ?? c)
    .join('');
}

/** The value exactly as the data service sent it, for titles and exports. */
export function exactScore(value: number): string {
  return String(value);
}

const counts = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return counts.format(value);
}

/**
 * A count the proxy may not vouch for: "at least 10,000" when the data service counted no
 * further (`total_at_least` of a search), never the bound as if it were the count.
 */
export function formatTotal(value: number, atLeast = false): string {
  return atLeast ? `at least ${formatCount(value)}` : formatCount(value);
}

const rules = new Intl.PluralRules('en');
const IRREGULAR: Record<string, string> = {
  activity: 'activities',
  'new activity': 'new activities',
  match: 'matches',
  entry: 'entries',
};

/** "1 dataset", "2 datasets", "1 activity", "1,234 activities": a count with its noun agreeing. */
export function plural(count: number, noun: string): string {
  const form = rules.select(count) === 'one' ? noun : (IRREGULAR[noun] ?? `${noun}s`);
  return `${formatCount(count)} ${form}`;
}
