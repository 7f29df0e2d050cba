import type { FastifyInstance } from 'fastify';
import { reportName, reportPair } from '../../shared/matching/change-report';
import { changeReport, reportPairs } from '../data/change-reports';
import { formulaNames } from '../faults';
import type { EmulatorState } from '../state';

/** Where the emulator publishes its change reports, as ecoinvent publishes its own. */
const CHANGE_REPORTS_PATH = '/change-reports';

/**
 * Each release's change report from the release before, per system model, in the datapackage
 * format of brightway-lca/ecoinvent_migrate: outside the API and without a token, as the real
 * ones are published. `GET /change-reports` lists them; `/change-reports/{name}.json` is one.
 */
export function registerChangeReports(app: FastifyInstance, state: EmulatorState) {
  app.get(CHANGE_REPORTS_PATH, async () => ({
    reports: reportPairs().map((pair) => ({
      name: reportName(pair),
      from: pair.from,
      to: pair.to,
      system_model: pair.systemModel,
      url: `${CHANGE_REPORTS_PATH}/${reportName(pair)}.json`,
    })),
  }));

  app.get<{ Params: { file: string } }>(`${CHANGE_REPORTS_PATH}/:file`, async (request, reply) => {
    const name = request.params.file.replace(/\.json$/, '');
    const pair = reportPair(name);
    const report = pair ? changeReport(state.store, pair) : undefined;
    if (!report) return reply.code(404).send({ detail: `No change report ${name}.` });
    // Its entries name datasets as the API does: like formulas too, when the API's names are.
    if (!state.faults.formula_names) return report;
    return {
      ...report,
      replace: formulaNames(report.replace),
      disaggregate: formulaNames(report.disaggregate),
    };
  });
}
