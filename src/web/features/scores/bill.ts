import { describeCharges as describe, type NewCharges } from '../../../shared/scores/bill';
import { plural } from '../../lib/format';

/** The bill is the same for every client of the proxy (src/shared/scores/bill.ts). */
export {
  alreadyCharged,
  costsNothing,
  scoreBill,
  type BillLine,
  type Charged,
  type NewCharges,
  type ScoreBill,
} from '../../../shared/scores/bill';

/** The charges in one sentence, numbers written as the explorer writes them ("6 349"). */
export const describeCharges = (charges: NewCharges) => describe(charges, plural);
