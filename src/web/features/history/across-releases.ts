import type { Dataset, HistoryEntry } from '../../../shared/api/schemas';
import { DOC_FIELDS, type DocField } from '../../../shared/matching/dataset-doc';
import type { ScoreCell, ScoreRow } from './score-cells';
import {
  DOC_FIELD_LABELS,
  sharePercent,
  sourceOfVerdict,
  spoldFile,
} from '../../../shared/matching/words';
import {
  provenanceFields,
  tableToCsv,
  type ExportTable,
  type PageExport,
} from '../../lib/table-export';

/** The share of the dataset followed, as shown, where a split links it. */
function sharePercentOf(entry: HistoryEntry): string {
  const share = entry.linked.find((l) => l.dataset.id === entry.dataset?.id)?.share;
  return share === undefined || share === null ? '' : sharePercent(share);
}

const FIELD_VALUES: Record<DocField, (d: Dataset) => string | null> = {
  activity: (d) => d.activity,
  product: (d) => d.product,
  unit: (d) => d.unit,
  geography: (d) => d.geography,
  time_period: (d) => d.time_period,
  activity_type: (d) => d.activity_type,
  isic_class: (d) => d.isic_class,
  isic_section: (d) => d.isic_section,
  sectors: (d) => (d.sectors.length > 0 ? d.sectors.join('; ') : null),
  description: (d) => d.description,
};

/** The documentation fields compared across releases, as the page labels them. */
const COMPARED_FIELDS = DOC_FIELDS.map((field) => ({
  field,
  label: DOC_FIELD_LABELS[field],
  value: FIELD_VALUES[field],
}));

export interface DocumentationRow {
  field: DocField;
  label: string;
  /**
   * Per release, in the order given: the value (null when the service gave none), whether it
   * differs from the base release's, and whether the release has the dataset at all.
   */
  cells: { version: string; value: string | null; differs: boolean; state: DocumentState }[];
}

/** A release's documentation of the dataset: shown, still loading, or no dataset matched. */
type DocumentState = 'shown' | 'loading' | 'not found';

/**
 * The documentation of a dataset in each release side by side, each field marked where it
 * differs from the release the user is looking at (`base`). `dataset` is null in a release where
 * no dataset was matched, and undefined while its documentation loads.
 */
export function documentationRows(
  releases: readonly { version: string; dataset: Dataset | null | undefined }[],
  base: string,
): DocumentationRow[] {
  const baseDataset = releases.find((r) => r.version === base)?.dataset;
  return COMPARED_FIELDS.map(({ field, label, value }) => {
    const baseValue = baseDataset ? value(baseDataset) : null;
    return {
      field,
      label,
      cells: releases.map(({ version, dataset }) => {
        const text = dataset ? value(dataset) : null;
        return {
          version,
          value: text,
          differs: dataset != null && version !== base && text !== baseValue,
          state: dataset === null ? 'not found' : dataset === undefined ? 'loading' : 'shown',
        };
      }),
    };
  });
}

/**
 * Points for a small chart: one per release, oldest first, one series per indicator, each score
 * as a percentage of the base release's so indicators of any magnitude share one axis (an
 * indicator without a base score, or with a base of zero, is left out).
 */
export function chartPoints(
  rows: readonly ScoreRow[],
  base: string,
): Record<string, string | number>[] {
  const versions = [...new Set(rows.flatMap((row) => row.cells.map((c) => c.version)))].reverse();
  return versions.map((version) => {
    const point: Record<string, string | number> = { version };
    for (const row of rows) {
      const score = row.cells.find((c) => c.version === version)?.score;
      const reference = row.cells.find((c) => c.version === base)?.score;
      if (score == null || reference == null || reference === 0) continue;
      point[String(row.indicator.id)] = (score / reference) * 100;
    }
    return point;
  });
}

interface HistoryExport {
  systemModel: string;
  base: string;
  entries: readonly HistoryEntry[];
  rows: readonly ScoreRow[];
}

/** What a cell says in a file: the indicator scored there, the number, the change, its class. */
const cellValues = (cell: ScoreCell | undefined) => [
  cell?.indicatorId ?? null,
  cell?.score ?? null,
  cell?.change ?? null,
  cell?.class?.class ?? null,
  cell?.class?.why ?? null,
];

/**
 * One row per release: how the dataset was found, what changed, and per chosen indicator the
 * indicator scored there (its counterpart), the number it stands for (a later split's
 * share-weighted mix), the change from the base release and its class.
 */
function historyTable({ systemModel, entries, rows }: HistoryExport): ExportTable {
  const header = [
    'version',
    'system_model',
    'dataset_id',
    'spold_file',
    'change',
    'matched_by',
    'source',
    'share_percent',
    'linked',
    'activity',
    'product',
    'geography',
    'unit',
    'changed_fields',
    ...rows.flatMap((row) => {
      const id = row.indicator.id;
      return [
        `${id}_indicator_id`,
        `${id}_score`,
        `${id}_change_percent`,
        `${id}_class`,
        `${id}_why`,
      ];
    }),
  ];
  return {
    sheet: 'Across releases',
    format: 'lci-explorer.history/2',
    header,
    rows: entries.map((entry) => [
      entry.version,
      systemModel,
      entry.dataset?.id ?? null,
      entry.dataset ? spoldFile(entry.dataset) : null,
      entry.change,
      entry.how,
      entry.change === null ? null : sourceOfVerdict(entry, { change: entry.change, steps: [] }),
      sharePercentOf(entry) || null,
      entry.linked
        .map((l) => (l.share === null ? l.dataset.id : `${l.dataset.id}:${sharePercent(l.share)}`))
        .join(' '),
      entry.dataset?.activity ?? null,
      entry.dataset?.product ?? null,
      entry.dataset?.geography ?? null,
      entry.dataset?.unit ?? null,
      entry.fields.join(' '),
      ...rows.flatMap((row) => cellValues(row.cells.find((c) => c.version === entry.version))),
    ]),
  };
}

export function historyToCsv(data: HistoryExport): string {
  return tableToCsv(historyTable(data));
}

/** The indicator scored in a release, as the counterparts route names it (the row's own in the base). */
function scoredIndicator(row: ScoreRow, cell: ScoreCell) {
  return (
    cell.counterpart?.counterpart?.indicator ??
    (cell.indicatorId === row.indicator.id ? row.indicator : null)
  );
}

/**
 * The scores a row per release, indicator and dataset scored (a split's every part, a merge's
 * every source), with the indicator scored there, its method, category and unit: what a
 * spreadsheet filters and charts. The number a release stands for (a split's mix), the change
 * from the base release and its class repeat on each of its rows.
 */
function historyScoresTable({ systemModel, rows }: HistoryExport): ExportTable {
  return {
    sheet: 'Scores',
    format: 'lci-explorer.history-scores/3',
    header: [
      'version',
      'system_model',
      'dataset_id',
      'share_percent',
      'indicator_id',
      'indicator_id_in_release',
      'method',
      'category',
      'indicator',
      'unit',
      'score',
      'share_weighted_mix',
      'change_percent',
      'class',
      'why',
      'service',
      'retrieved_at',
      'explorer_version',
      'evidence_digest',
    ],
    rows: rows.flatMap((row) =>
      row.cells.flatMap((cell) => {
        const scored = scoredIndicator(row, cell);
        const parts =
          cell.parts.length > 0
            ? cell.parts
            : [
                {
                  datasetId: cell.datasetId,
                  share: null,
                  score: cell.own,
                  provenance: cell.provenance,
                },
              ];
        return parts.map((part) => [
          cell.version,
          systemModel,
          part.datasetId,
          part.share === null ? null : sharePercent(part.share),
          row.indicator.id,
          cell.indicatorId,
          scored?.method ?? null,
          scored?.category ?? null,
          scored?.indicator ?? null,
          scored?.unit ?? null,
          part.score ?? null,
          cell.mix && cell.mix.mix !== null ? cell.mix.mix : null,
          cell.change,
          cell.class?.class ?? null,
          cell.class?.why ?? null,
          part.provenance?.service ?? null,
          part.provenance?.retrieved_at ?? null,
          part.provenance?.explorer_version ?? null,
          part.provenance?.digest ?? null,
        ]);
      }),
    ),
  };
}

/**
 * The provenance of every score the history holds (each release's dataset, a split's every
 * part), for a Query sheet or a report: values not yet loaded or not scored are not counted.
 */
export function historyProvenance(rows: readonly ScoreRow[]) {
  return provenanceFields(
    rows.flatMap((row) =>
      row.cells.flatMap((cell) => {
        if (cell.indicatorId === null || !cell.loaded) return [];
        const parts = cell.parts.length > 0 ? cell.parts : [cell];
        return parts.flatMap((part) => (part.score === undefined ? [] : [part.provenance]));
      }),
    ),
  );
}

/** The history as an export's tables (releases, then scores), and the query that made it. */
export function historyExport(
  data: HistoryExport & { id: number; activity: string | null; notes?: readonly string[] },
  link: string,
): PageExport {
  return {
    tables: [historyTable(data), historyScoresTable(data)],
    query: {
      title: `${data.activity ?? `Dataset ${data.id}`} across releases (Dataset ID ${data.id} in ${data.base})`,
      link,
      fields: [
        ['Release', data.base],
        ['System model', data.systemModel],
        ['Dataset ID', data.id],
        ['Releases compared', data.entries.map((entry) => entry.version).join(', ')],
        ['Indicators', data.rows.map((row) => row.indicator.id).join(', ')],
        ...(data.notes ?? []).map((note): [string, string] => ['Indicator asked for', note]),
        ...historyProvenance(data.rows),
      ],
    },
  };
}

export function historyToJson({ systemModel, base, entries, rows }: HistoryExport): string {
  return `${JSON.stringify(
    {
      schema: 'lci-explorer.history/2',
      system_model: systemModel,
      base,
      indicators: rows.map((row) => row.indicator),
      releases: entries.map((entry) => ({
        ...entry,
        scores: rows.map((row) => {
          const cell = row.cells.find((c) => c.version === entry.version);
          return {
            indicator_id: row.indicator.id,
            indicator_id_in_release: cell?.indicatorId ?? null,
            score: cell?.score ?? null,
            provenance: cell?.provenance ?? null,
            parts: (cell?.parts ?? []).map((part) => ({
              id: part.datasetId,
              share: part.share,
              score: part.score ?? null,
              provenance: part.provenance ?? null,
            })),
            share_weighted_mix: cell?.mix && cell.mix.mix !== null ? cell.mix.mix : null,
            change_percent: cell?.change ?? null,
            class: cell?.class?.class ?? null,
            why: cell?.class?.why ?? null,
          };
        }),
      })),
    },
    null,
    2,
  )}\n`;
}
