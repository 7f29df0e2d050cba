import type { CheckRow, CheckField, EvidenceCheck } from '../../shared/api/evidence';
import { DEMO_SERVICE, type Provenance } from '../../shared/api/provenance';
import type { Dataset } from '../../shared/api/schemas';
import type { ProxyConfig } from '../config';
import { ProxyError } from '../errors';
import type { ReleaseRef } from '../upstream/adapter';
import { UnchargedFailure } from '../upstream/adapter/errors';
import { evidenceOf, fingerprint, type EvidenceRecord } from './digest';
import { unavailable, type EvidenceStore } from './store';

/**
 * The data service as provenance names it: `demo data` for the embedded emulator, else its host
 * and API path (`api.ecoinvent.org/v0`), which say which service and which API answered.
 */
export function serviceName(dataApi: ProxyConfig['dataApi']): string {
  if (dataApi.emulated) return DEMO_SERVICE;
  return `${new URL(dataApi.origin).host}${dataApi.basePath}`;
}

const sameId = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** What differs between a row and the answer its digest names; none: it is as it was. */
function differences(row: CheckRow, record: EvidenceRecord): CheckField[] {
  const fields: CheckField[] = [];
  if (row.version !== record.version) fields.push('version');
  if (row.system_model !== record.system_model) fields.push('system_model');
  if (row.dataset_id !== record.dataset_id) fields.push('dataset_id');
  if (!sameId(row.activity_uuid, record.activity_uuid)) fields.push('activity_uuid');
  if (!sameId(row.product_uuid, record.product_uuid)) fields.push('product_uuid');
  const kept = record.values[String(row.indicator_id)];
  if (kept === undefined) fields.push('indicator_id');
  else if (kept !== fingerprint(record.digest, row.indicator_id, row.score, row.unit))
    fields.push('score');
  if (row.retrieved_at !== record.at) fields.push('retrieved_at');
  return fields;
}

/**
 * Provenance on every scored answer, and the evidence behind it: each dataset of a scored answer
 * is stamped with the service, the time the proxy received it, the explorer's version and the
 * digest, and the digest's record is kept (durably) before the answer is served. A saved export
 * is checked against those records.
 */
export function createEvidence(deps: {
  store: EvidenceStore;
  service: string;
  explorerVersion: string;
  now: () => number;
}) {
  const { store, service, explorerVersion, now } = deps;
  return {
    service,
    store,

    /**
     * Refuses a scored call before it is sent while its evidence could not be kept: a failure
     * that charged nothing, so the call's reservation on the budget is let go.
     */
    assertReady() {
      const health = store.health();
      if (!health.ok) throw UnchargedFailure.from(unavailable(health.detail));
    },

    /** The datasets of a scored answer with their provenance, once their evidence is kept. */
    async stamp(
      release: ReleaseRef,
      datasets: readonly Dataset[],
      asked: readonly number[],
    ): Promise<Dataset[]> {
      const at = new Date(now()).toISOString();
      const stamped = datasets.map((dataset) => ({
        dataset,
        record: evidenceOf({ service, release, dataset, asked, at }),
      }));
      await store.keep(stamped.map(({ record }) => record));
      return stamped.map(({ dataset, record }) => {
        const provenance: Provenance = {
          service,
          retrieved_at: at,
          explorer_version: explorerVersion,
          digest: record.digest,
        };
        return { ...dataset, provenance };
      });
    },

    /** Each row of a saved export against the record its digest names. */
    async check(rows: readonly CheckRow[]): Promise<EvidenceCheck> {
      const digests = rows.flatMap((row) => (row.digest === null ? [] : [row.digest]));
      let records: Map<string, EvidenceRecord>;
      try {
        records = await store.find(digests);
      } catch (error) {
        throw new ProxyError(503, 'evidence_unavailable', {
          detail: `The evidence kept cannot be read now (${(error as Error).message}).`,
          hint: 'Try again in a moment',
          headers: { 'retry-after': '5' },
        });
      }
      const counts: EvidenceCheck['counts'] = {
        match: 0,
        differs: 0,
        unknown: 0,
        'other service': 0,
        'no evidence': 0,
      };
      const checked = rows.map((row): EvidenceCheck['rows'][number] => {
        const verdict = (
          status: EvidenceCheck['rows'][number]['status'],
          fields: CheckField[] = [],
          record?: EvidenceRecord,
        ) => {
          counts[status] += 1;
          return { row: row.row, status, fields, retrieved_at: record?.at ?? null };
        };
        if (row.service !== null && row.service !== service) return verdict('other service');
        if (row.digest === null) return verdict('no evidence');
        const record = records.get(row.digest);
        if (!record) return verdict('unknown');
        if (record.service !== service) return verdict('other service', [], record);
        const fields = differences(row, record);
        return verdict(fields.length === 0 ? 'match' : 'differs', fields, record);
      });
      return { service, kept_at_most: store.maxRecords, counts, rows: checked };
    },
  };
}

export type Evidence = ReturnType<typeof createEvidence>;
