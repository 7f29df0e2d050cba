import { CiteThis } from '../../../components/cite/cite-this';
import { ReportActions } from '../../../components/report/report-actions';
import { upgradeCitable, upgradeCitation, upgradeReport, type UpgradeReportInput } from '../report';

/**
 * "Cite this" (the datasets the list maps to in the release checked against) and the static
 * report of the check, from what the page has loaded; the report waits while scores load.
 */
export function UpgradeCiting({ loading, ...input }: UpgradeReportInput & { loading: boolean }) {
  const { check } = input.data;
  const citable = upgradeCitable(input.data);
  return (
    <>
      <CiteThis
        disabled={!citable}
        cite={() => upgradeCitation(input.data, input.releaseDate, new Date())}
      />
      <ReportActions
        file={`upgrade-${check.from}-to-${check.to}-${check.system_model}-report`}
        disabled={!citable || loading}
        build={() => upgradeReport(input)}
      />
    </>
  );
}
