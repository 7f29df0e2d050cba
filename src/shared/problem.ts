import { z } from 'zod/mini';

/** The stable `code` of every error the proxy answers; clients switch on it, never on text. */
export type ProblemCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'invalid_token'
  | 'client_not_allowed'
  | 'forbidden'
  | 'not_licensed'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'rate_limited'
  | 'budget_exhausted'
  | 'usage_ledger_unavailable'
  | 'usage_ledger_mismatch'
  | 'usage_ledger_not_durable'
  | 'usage_limit_reached'
  | 'evidence_unavailable'
  | 'spold_lookup_unavailable'
  | 'upstream_error'
  | 'upstream_bad_response'
  | 'upstream_shape'
  | 'upstream_paging'
  | 'upstream_busy'
  | 'upstream_auth_config'
  | 'upstream_rejected_credentials'
  | 'upstream_refused'
  | 'upstream_response_too_large'
  | 'idp_unavailable'
  | 'auth_unavailable'
  | 'upstream_unavailable'
  | 'sector_index_building'
  | 'release_read_limited'
  | 'free_calls_exhausted'
  | 'local_work_busy'
  | 'sector_index_unavailable'
  | 'gateway_timeout'
  | 'internal_error';

/** RFC 9457 problem details as the proxy sends them (`application/problem+json`). */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  code: z.string(),
  detail: z.optional(z.string()),
  hint: z.optional(z.string()),
  requestId: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
