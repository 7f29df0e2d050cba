import { plural } from './format';

/** "this indicator", "these 3 indicators": a count pointed at, agreeing in number. */
export function these(count: number, noun: string): string {
  return count === 1 ? `this ${noun}` : `these ${plural(count, noun)}`;
}
