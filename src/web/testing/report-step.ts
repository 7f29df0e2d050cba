import type { ReportStep } from '../../shared/api/schemas';

/** A change report the proxy has loaded, as an upgrade check or the changes name their steps. */
export function loadedReport(from: string, to: string): ReportStep {
  return {
    from,
    to,
    label: `ecoinvent change report ${from} → ${to}`,
    loaded: true,
    entries: 10,
    applied: 10,
    unmatched: 0,
  };
}
