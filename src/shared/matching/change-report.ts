import { z } from 'zod/mini';

/**
 * ecoinvent's change report between two releases, as brightway-lca's `ecoinvent_migrate`
 * publishes it: a JSON datapackage that Brightway applies when relinking a model (see
 * ../shared/data/migrations beside the repository). `replace` names one dataset's successor,
 * `disaggregate` several with the share of the source each takes. A dataset is named by its
 * activity name, location (the geography's short name: `RoW`, `CH`, `Europe without
 * Switzerland`), reference product and unit.
 */

export const ReportKeySchema = z.object({
  name: z.string().check(z.minLength(1)),
  location: z.string().check(z.minLength(1)),
  'reference product': z.string().check(z.minLength(1)),
  unit: z.string().check(z.minLength(1)),
});
export type ReportKey = z.infer<typeof ReportKeySchema>;

/** Shares of one source may miss 1 by rounding in the files; more than this is an error. */
const SHARE_TOLERANCE = 1e-3;

const DisaggregationSchema = z
  .object({
    source: ReportKeySchema,
    targets: z
      .array(
        z.extend(ReportKeySchema, { allocation: z.number().check(z.positive(), z.maximum(1)) }),
      )
      .check(z.minLength(1)),
  })
  .check(
    z.refine(
      (entry) =>
        Math.abs(entry.targets.reduce((sum, target) => sum + target.allocation, 0) - 1) <=
        SHARE_TOLERANCE,
      { message: 'the allocations of a source must add up to 1', path: ['targets'] },
    ),
  );
export type Disaggregation = z.infer<typeof DisaggregationSchema>;

const ReplacementSchema = z.object({ source: ReportKeySchema, target: ReportKeySchema });

const CreditSchema = z.looseObject({ title: z.string(), path: z.optional(z.string()) });

/** Fields a datapackage carries besides its entries are kept as they are, and not required. */
export const ChangeReportSchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  licenses: z.optional(z.array(z.looseObject({ name: z.string() }))),
  contributors: z.optional(z.array(CreditSchema)),
  replace: z._default(z.array(ReplacementSchema), []),
  disaggregate: z._default(z.array(DisaggregationSchema), []),
});
export type ChangeReport = z.infer<typeof ChangeReportSchema>;

/** Which releases and system model a report goes between, from its name. */
export interface ReportPair {
  from: string;
  to: string;
  systemModel: string;
}

const NAME = /^ecoinvent-(\d+(?:\.\d+)*)-([A-Za-z0-9]+)-ecoinvent-(\d+(?:\.\d+)*)-([A-Za-z0-9]+)$/;

/**
 * `ecoinvent-3.9.1-cutoff-ecoinvent-3.10-cutoff` → 3.9.1 → 3.10 in cutoff; undefined for a name
 * of another form or between two system models.
 */
export function reportPair(name: string): ReportPair | undefined {
  const parts = NAME.exec(name);
  if (!parts?.[1] || !parts[2] || !parts[3] || parts[2] !== parts[4]) return undefined;
  return { from: parts[1], to: parts[3], systemModel: parts[2] };
}

export const reportName = ({ from, to, systemModel }: ReportPair) =>
  `ecoinvent-${from}-${systemModel}-ecoinvent-${to}-${systemModel}`;

/** How the explorer names a report wherever a verdict comes from one. */
export const reportLabel = ({ from, to }: Pick<ReportPair, 'from' | 'to'>) =>
  `ecoinvent change report ${from} → ${to}`;
