import type { CheckReport, Verdict } from './types';

/**
 * The contract check's report as an operator reads it in a terminal, and its exit code:
 * 0 the explorer works with the service, scores included; 1 it cannot as configured (a ✘);
 * 3 it works as far as checked, but the scores were not (no billed call was made).
 * (2 is the launcher's: a setting it could not read, or the check could not run.)
 */
const EXIT = { works: 0, fails: 1, unusable: 2, scoresNotChecked: 3 } as const;

export function exitCodeOf(report: CheckReport): number {
  if (!report.works) return EXIT.fails;
  return report.scores === 'checked' ? EXIT.works : EXIT.scoresNotChecked;
}

const MARK: Record<Verdict, string> = { ok: '✔', warn: '!', fail: '✘', skip: '–' };

export function formatReport(report: CheckReport): string {
  const lines = [`Data service: ${report.service}`, ''];
  if (report.token) {
    lines.push(`✔ token answer: fields ${report.token.fields.join(', ')}`);
    for (const assumed of report.token.assumed) lines.push(`    assumed: ${assumed}`);
  }
  for (const route of report.routes) {
    lines.push(`${MARK[route.verdict]} ${route.route}: ${route.variant}`);
    const fields = route.fields;
    if (fields?.missing.length) lines.push(`    missing: ${fields.missing.join(', ')}`);
    if (fields?.extra.length) lines.push(`    extra:   ${fields.extra.join(', ')}`);
    if (fields?.nulls.length) lines.push(`    null:    ${fields.nulls.join(', ')}`);
    for (const note of route.notes) lines.push(`    ${note}`);
    if (route.fix && route.verdict !== 'ok') lines.push(`    fix: ${route.fix}`);
  }
  lines.push('');
  const settings = Object.entries(report.settings);
  if (settings.length > 0) {
    lines.push('Settings to use (in .env or the environment):');
    for (const [name, value] of settings) lines.push(`  ${name}=${value}`);
  } else {
    lines.push('Settings: the configured ones fit this service.');
  }
  if (report.savedTo) lines.push(`Raw answers (tokens and secrets removed): ${report.savedTo}`);
  if (!report.works)
    lines.push(
      'Verdict: the explorer cannot work with this data service as configured: see ✘ above, each with its fix. (exit 1)',
    );
  else if (report.scores === 'checked')
    lines.push('Verdict: the explorer can work with this data service, scores included. (exit 0)');
  else
    lines.push(
      'Verdict: the explorer can work with this data service as far as checked; scores not checked (--scored makes the one billed call). (exit 3)',
    );
  return lines.join('\n');
}
