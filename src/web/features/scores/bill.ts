import {
  describeCharges as describe,
  describeElsewhere as describeElsewhereWith,
  type NewCharges,
} from '../../../shared/scores/bill';
import { plural } from '../../lib/format';

/** The bill is the same for every client of the proxy (src/shared/scores/bill.ts). */
export {
  alreadyCharged,
  certainlyFree,
  scoreBill,
  type BillLine,
  type Charged,
  type NewCharges,
  type ScoreBill,
} from '../../../shared/scores/bill';

/** The charges in one sentence, numbers written as the explorer writes them ("6 349"). */
export const describeCharges = (charges: NewCharges) => describe(charges, plural);

/** The datasets a bill may charge again in another release, numbers written as the explorer does. */
export const describeElsewhere = (elsewhere: readonly number[]) =>
  describeElsewhereWith(elsewhere, plural);
