import { expect } from '@playwright/test';

/** One way of a dataset between two releases, as the emulator's generator recorded it. */
export interface TruthRow {
  from_id: number | null;
  to_id: number | null;
  kind: string;
  steps: string[];
  fields: string[];
  /** A split's share of the older dataset the newer one takes; null for a whole one. */
  share: number | null;
}

/**
 * What the emulator itself changed between two releases of cutoff (`GET /_emulator/changes`):
 * the ground truth the journeys check the explorer's matches and verdicts against, never the
 * matcher's own output.
 */
export async function groundTruth(
  emulatorUrl: string,
  from: string,
  to: string,
): Promise<TruthRow[]> {
  const response = await fetch(
    `${emulatorUrl}/_emulator/changes?from=${from}&to=${to}&system_model=cutoff`,
  );
  expect(response.ok, `the emulator's record of ${from} → ${to}`).toBe(true);
  return ((await response.json()) as { rows: TruthRow[] }).rows;
}

/**
 * Rows of datasets of the older release that went exactly one way (no split or merge behind
 * them), so the row alone says what became of them.
 */
export function singleWays(rows: readonly TruthRow[]): TruthRow[] {
  const ways = new Map<number, number>();
  for (const row of rows)
    if (row.from_id !== null) ways.set(row.from_id, (ways.get(row.from_id) ?? 0) + 1);
  const into = new Map<number, number>();
  for (const row of rows)
    if (row.to_id !== null) into.set(row.to_id, (into.get(row.to_id) ?? 0) + 1);
  return rows.filter(
    (row) =>
      row.from_id !== null &&
      ways.get(row.from_id) === 1 &&
      (row.to_id === null || into.get(row.to_id) === 1),
  );
}

/** The first row of a kind, failing the journey when the emulator has none. */
export function firstOf(rows: readonly TruthRow[], test: (row: TruthRow) => boolean): TruthRow {
  const row = rows.find(test);
  if (!row) throw new Error('the emulator recorded no such change');
  return row;
}

/** A dataset as a change report names it. */
export interface ReportKey {
  name: string;
  location: string;
  'reference product': string;
  unit: string;
}

/**
 * The change report the emulator publishes between two releases of cutoff, as the proxy reads
 * it: what a journey needs to know which changes the report tells and which it leaves out.
 */
export async function changeReport(
  emulatorUrl: string,
  from: string,
  to: string,
): Promise<{ replace: { source: ReportKey; target: ReportKey }[] }> {
  const name = `ecoinvent-${from}-cutoff-ecoinvent-${to}-cutoff`;
  const response = await fetch(`${emulatorUrl}/change-reports/${name}.json`);
  expect(response.ok, `the emulator's change report ${name}`).toBe(true);
  return (await response.json()) as { replace: { source: ReportKey; target: ReportKey }[] };
}

/** A dataset's names as a report gives them. */
export const keyOf = (record: {
  activity: string;
  product: string;
  unit: string;
  geography: { code: string };
}): string => `${record.activity}|${record.geography.code}|${record.product}|${record.unit}`;

export const reportKey = (key: ReportKey): string =>
  `${key.name}|${key.location}|${key['reference product']}|${key.unit}`;
