import type { FieldReport } from './fields';

/** What `npm run check:upstream` says of each route, and of the service as a whole. */

export type Verdict = 'ok' | 'warn' | 'fail' | 'skip';

export interface RouteCheck {
  route: string;
  verdict: Verdict;
  /** The shape the adapter recognised, or why it could not read the answer. */
  variant: string;
  fields?: FieldReport;
  notes: string[];
  /** The one setting or adapter file that fixes a ✘ (or explains a !). */
  fix?: string;
}

export interface CheckReport {
  service: string;
  /** The token answer's field names (never values) and what was assumed of it. */
  token: { fields: string[]; assumed: string[] } | undefined;
  routes: RouteCheck[];
  /** Settings that must change for the explorer to work, with the value to use. */
  settings: Record<string, string>;
  /** Whether the explorer works with the settings as configured (the ones printed applied). */
  works: boolean;
  /** Whether the one billed call was made and its scores read. */
  scores: 'checked' | 'not checked' | 'failed';
  savedTo: string | undefined;
}
