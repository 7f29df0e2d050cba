import type { Charge } from './ledger-types';

/** Charges kept for `/api/usage`, for the team and for each user; the totals count every one. */
export const MAX_CHARGES = 500;

/**
 * The period's itemised charges in memory, newest last: the team's (for admins) and each user's
 * own, kept apart so a user's charges are not pushed out of view by their colleagues'.
 */
export class ChargeLog {
  private team: Charge[] = [];
  private readonly byUser = new Map<string, Charge[]>();
  /** Every charge counted, listed or not: the team's and each user's. */
  private teamCount = 0;
  private readonly userCounts = new Map<string, number>();

  add(charge: Charge) {
    this.team = push(this.team, charge);
    this.teamCount++;
    if (charge.user !== undefined) {
      this.byUser.set(charge.user, push(this.byUser.get(charge.user) ?? [], charge));
      this.userCounts.set(charge.user, (this.userCounts.get(charge.user) ?? 0) + 1);
    }
  }

  /** How many charges there are in all, of which `recent` lists the newest 500. */
  count(user?: string): number {
    return user === undefined ? this.teamCount : (this.userCounts.get(user) ?? 0);
  }

  /** Newest first: everyone's, or one user's. */
  recent(user?: string): Charge[] {
    const list = user === undefined ? this.team : (this.byUser.get(user) ?? []);
    return list.slice(-MAX_CHARGES).reverse();
  }

  clear() {
    this.team = [];
    this.byUser.clear();
    this.teamCount = 0;
    this.userCounts.clear();
  }
}

/** Appends, trimming now and then rather than on every charge. */
function push(list: Charge[], charge: Charge): Charge[] {
  list.push(charge);
  return list.length > MAX_CHARGES * 2 ? list.slice(-MAX_CHARGES) : list;
}
