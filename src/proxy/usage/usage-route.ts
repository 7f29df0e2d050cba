import { createHmac } from 'node:crypto';
import type { CallerClient, ExplorerPage, Usage } from '../../shared/api/schemas';
import type { VerifiedUser } from '../auth/user-auth';
import type { ProxyConfig } from '../config';
import type { ReleaseRef } from '../upstream/adapter';
import type { LedgerStore } from './ledger-store';
import { periodDates, type Charge, type ChargeSource } from './ledger-types';

/**
 * `/api/usage` and what the ledger keeps of each scored call's origin. Usage is private by
 * default: a user sees the team's totals and their own itemised charges; colleagues' itemised
 * charges are for admins (AUTH_ADMIN_CLAIM). Users are told apart by a label keyed with a
 * secret of the proxy: a prefix of the billing ID (a hash of issuer and username, both known
 * to every user) could be computed by anyone for any colleague.
 */
export function createUsageRoute(deps: { ledger: LedgerStore; config: ProxyConfig }) {
  const { ledger, config } = deps;
  // Derived from the client secret, which every instance of a deployment shares, so every
  // instance gives a user the same label; one-way, so the label says nothing of the secret.
  const labelKey = createHmac('sha256', config.dataApi.clientSecret)
    .update('lci-explorer usage labels')
    .digest();
  const label = (user: string) =>
    createHmac('sha256', labelKey).update(user).digest('base64url').slice(0, 10);

  /** A token of the explorer's own client is the SPA; of another client, a program. */
  const clientOf = (user: VerifiedUser | undefined): CallerClient => {
    if (config.auth.mode === 'none' || user?.clientId === undefined) return 'unknown';
    return user.clientId === config.auth.clientId ? 'browser' : 'program';
  };

  const toAnswer = (viewer: VerifiedUser) => (charge: Charge) => ({
    at: new Date(charge.at).toISOString(),
    user: charge.user === undefined ? 'unknown' : label(charge.user),
    mine: charge.user === viewer.userId,
    newUser: charge.newUser,
    datasets: charge.datasets,
    maybe: charge.maybe,
    indicators: charge.indicators,
    release: charge.source.release && {
      version: charge.source.release.version,
      system_model: charge.source.release.systemModel,
    },
    page: charge.source.page,
    client: charge.source.client,
  });

  return {
    /** What a scored call is for and where it came from, kept with its charges. */
    source(user: VerifiedUser | undefined, release: ReleaseRef, page: ExplorerPage): ChargeSource {
      return { release, page, client: clientOf(user) };
    },

    async answer(viewer: VerifiedUser): Promise<Usage> {
      const whose = viewer.isAdmin ? undefined : viewer.userId;
      const [snapshot, ids, recent, total, served, known] = await Promise.all([
        ledger.snapshot(),
        ledger.chargedIds(),
        ledger.recentCharges(whose),
        ledger.chargeCount(whose),
        ledger.servedByRelease(),
        ledger.hasUser(viewer.userId),
      ]);
      const { start, end } = periodDates(snapshot.period);
      return {
        ...snapshot,
        period_start: start,
        period_end: end,
        charged: { ...ids, user: known, releases: served },
        viewer: { admin: viewer.isAdmin },
        charges: recent.map(toAnswer(viewer)),
        // Read apart from the list: a charge landing between the two reads is counted, not lost.
        charges_total: Math.max(total, recent.length),
      };
    },
  };
}

export type UsageRoute = ReturnType<typeof createUsageRoute>;
