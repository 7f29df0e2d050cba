interface Named {
  method: string;
  category: string;
  indicator: string;
}

/**
 * Short names for indicators: "method › indicator", with the category between them wherever
 * that name repeats within its method in `catalogue` (IPCC 2021 has twelve "global warming
 * potential (GWP100)", one per category, which only the category tells apart).
 */
export function indicatorLabeller(catalogue: readonly Named[]): (indicator: Named) => string {
  const seen = new Map<string, number>();
  const key = (item: Named) => `${item.method}\u0000${item.indicator}`;
  for (const item of catalogue) seen.set(key(item), (seen.get(key(item)) ?? 0) + 1);
  return (indicator) =>
    (seen.get(key(indicator)) ?? 0) > 1
      ? `${indicator.method} › ${indicator.category} › ${indicator.indicator}`
      : `${indicator.method} › ${indicator.indicator}`;
}

/**
 * Bar names in a chart of scores: "method · category", with the indicator after them where one
 * method rates one category twice (GWP100 and GWP20), so no two bars share a name.
 */
export function chartLabeller(shown: readonly Named[]): (indicator: Named) => string {
  const seen = new Map<string, number>();
  const key = (item: Named) => `${item.method} · ${item.category}`;
  for (const item of shown) seen.set(key(item), (seen.get(key(item)) ?? 0) + 1);
  return (indicator) =>
    (seen.get(key(indicator)) ?? 0) > 1
      ? `${key(indicator)} · ${indicator.indicator}`
      : key(indicator);
}
