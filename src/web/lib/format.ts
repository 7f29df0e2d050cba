/**
 * Numbers for reading: four significant digits, scientific notation for very small or large
 * magnitudes, and the exact value kept for tooltips and exports.
 */
const plain = new Intl.NumberFormat('en', { maximumSignificantDigits: 4 });

export function formatScore(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude < 1e-3 || magnitude >= 1e6) {
    const [mantissa = '0', exponent = '0'] = value.toExponential(3).split('e');
    return `${String(Number(mantissa))} × 10${superscript(Number(exponent))}`;
  }
  return plain.format(value);
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
