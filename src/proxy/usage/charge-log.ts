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

  add(charge: Charge) {
    this.team = push(this.team, charge);
    if (charge.user !== undefined)
      this.byUser.set(charge.user, push(this.byUser.get(charge.user) ?? [], charge));
  }

  /** Newest first: everyone's, or one user's. */
  recent(user?: string): Charge[] {
    const list = user === undefined ? this.team : (this.byUser.get(user) ?? []);
    return list.slice(-MAX_CHARGES).reverse();
  }

  clear() {
    this.team = [];
    this.byUser.clear();
  }
}

/** Appends, trimming now and then rather than on every charge. */
function push(list: Charge[], charge: Charge): Charge[] {
  list.push(charge);
  return list.length > MAX_CHARGES * 2 ? list.slice(-MAX_CHARGES) : list;
}
