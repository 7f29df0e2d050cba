import type { SpoldRef, UpgradeResult } from '../../../shared/api/schemas';
import { citeDatasets } from '../../../shared/citation';
import { mappedTo } from '../../../shared/exports/mapping';
import { sharePercent, sourceOfVerdict } from '../../../shared/matching/words';
import { NO_SCORE } from '../../../shared/scores/no-score';
import { formatChange } from '../../lib/change';
import type { Report, ReportCell, ReportTable } from '../../lib/report/model';
import { movesOf, type MappingExport } from './export';
import { mappingProvenance } from './provenance';

export interface UpgradeReportInput {
  data: MappingExport;
  releaseDate: (version: string) => string | null;
  licenceHolder: string | null;
  link: string;
  made?: Date;
}

const named = (ref: SpoldRef) =>
  `${ref.id} ${ref.activity ?? 'activity not given'}, ${ref.geography ?? 'geography not given'}`;

/** A score as the page says it: exact, 'No score' where the service gave none, else not loaded. */
const scoreCell = (score: number | null | undefined): ReportCell =>
  score === undefined ? 'Not loaded' : (score ?? NO_SCORE);

/**
 * The datasets of the list in the release checked against, each once, in the list's order:
 * what the list is to be cited as once upgraded (a long list is cited up to its cap, and the
 * citation says how many are left out). A list of which nothing maps to the target release is
 * cited as it was, in the release it comes from.
 */
export function upgradeCitation(
  data: Pick<MappingExport, 'check' | 'chosen'>,
  releaseDate: (version: string) => string | null,
  accessed: Date,
) {
  const { check } = data;
  const cite = (version: string, dataset: SpoldRef) => ({
    release: { version, systemModel: check.system_model },
    releaseDate: releaseDate(version),
    dataset,
    accessed,
  });
  const targets = check.results.flatMap((result) =>
    mappedTo(result, data.chosen).map((target) => cite(check.to, target.dataset)),
  );
  return citeDatasets(
    targets.length > 0
      ? targets
      : check.results.flatMap((result) => (result.source ? [cite(check.from, result.source)] : [])),
  );
}

/** Whether an upgrade check names any dataset to cite (none when no entry was found at all). */
export const upgradeCitable = (data: Pick<MappingExport, 'check'>) =>
  data.check.results.some((result) => result.source !== null || result.successors.length > 0);

function scoresTable(data: MappingExport): ReportTable {
  const { check, indicators } = data;
  const rowOf = (result: UpgradeResult) =>
    movesOf(data, result).flatMap((move, i) => {
      const indicator = indicators[i];
      if (!indicator) return [];
      const head = [
        String(result.line),
        `${indicator.method} › ${indicator.category} › ${indicator.indicator} (${indicator.id}) [${indicator.unit}]`,
        move.beforeIndicatorId === null ? 'no counterpart' : scoreCell(move.before),
      ];
      const tail = [
        move.mix ? (move.mix.mix ?? `no mix: ${move.mix.why}`) : '',
        formatChange(move.change.percent),
        move.change.class,
        move.change.why,
      ];
      if (move.targets.length === 0) return [[...head, 'none', ...tail]];
      return move.targets.map((target) => [
        ...head,
        target.share === null
          ? scoreCell(target.score)
          : `${target.datasetId} (${sharePercent(target.share)} %): ${String(scoreCell(target.score))}`,
        ...tail,
      ]);
    });
  return {
    title: `Scores in ${check.from} and ${check.to}`,
    header: [
      'Line',
      'Indicator',
      check.from,
      check.to,
      'Share-weighted mix',
      'Change',
      'Class',
      'Why',
    ],
    rows: check.results.flatMap((result) => (result.source ? rowOf(result) : [])),
    widths: [0.5, 2.6, 1.4, 1.8, 1.2, 0.9, 1.3, 2.6],
  };
}

/**
 * An upgrade check as a static report: every entry's verdict (what it was, what became of it,
 * where that comes from), the scores in both releases with each change's class and why where
 * they were loaded, the provenance and the citations of the datasets the list maps to. Only
 * what the page has loaded: nothing here asks for a score.
 */
export function upgradeReport(input: UpgradeReportInput): Report {
  const { data, releaseDate, licenceHolder, link, made = new Date() } = input;
  const { check, chosen } = data;
  return {
    title: `Upgrade check: ${check.results.length} datasets from ${check.from} to ${check.to}`,
    subtitle: `ecoinvent ${check.system_model}; every entry of the list checked${
      data.indicators.length > 0 ? `, scored on ${data.indicators.length} indicators` : ''
    }`,
    releases: [check.from, check.to].map((version) => ({
      version,
      systemModel: check.system_model,
    })),
    licenceHolder,
    link,
    made,
    tables: [
      {
        title: 'Verdicts',
        header: ['Line', `In ${check.from}`, 'What became of it', `In ${check.to}`, 'Source'],
        rows: check.results.map((result) => [
          String(result.line),
          result.source ? named(result.source) : 'not found',
          `${result.change}${chosen.has(result.line) ? ' (your choice)' : ''}`,
          mappedTo(result, chosen)
            .map(
              (target) =>
                `${named(target.dataset)}${target.share === null ? '' : ` (${sharePercent(target.share)} %)`}`,
            )
            .join('; ') || 'none',
          sourceOfVerdict(result, { change: result.change, steps: check.reports }),
        ]),
        widths: [0.5, 3, 1.4, 3.4, 2],
      },
      ...(data.indicators.length > 0 ? [scoresTable(data)] : []),
    ],
    charts: [],
    provenance: [
      ['Checked', `${check.results.length} entries from ${check.from} to ${check.to}`],
      ...(data.indicators.length > 0
        ? mappingProvenance(check, data.scores, (result) => movesOf(data, result))
        : [['Scores', 'none loaded'] as [string, string]]),
    ],
    citation: upgradeCitation(data, releaseDate, made),
  };
}
