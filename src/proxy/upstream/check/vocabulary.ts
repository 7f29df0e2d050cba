import type { Vocabulary } from '../adapter/confirm-releases';
import type { RouteCheck } from './types';

/** The file whose table maps listed system-model names to the codes the data routes take. */
const NAMES_FILE = 'src/proxy/upstream/adapter/confirm-releases.ts (SYSTEM_MODEL_CODES)';

/**
 * What trying each listed release × system model on the data routes found, on the versions
 * step: names mapped (it works, said), combinations refused under every name known (✘, the
 * explorer does not offer them: the table to add their codes to), probes that did not answer
 * (nothing concluded).
 */
export function checkVocabulary(check: RouteCheck, vocabulary: Vocabulary | undefined) {
  if (!vocabulary) return;
  if (vocabulary.mapped.length > 0) {
    check.notes.push(
      `/versions lists system models by names the data routes do not take; read as their codes: ${vocabulary.mapped.join('; ')}`,
    );
    if (check.verdict === 'ok') {
      check.verdict = 'warn';
      check.fix = `nothing to set: ${NAMES_FILE} maps these names`;
    }
  }
  if (vocabulary.unanswered.length > 0) {
    check.notes.push(
      `not confirmed, the data routes did not answer: ${vocabulary.unanswered.join('; ')}; nothing is concluded from that (they stay offered); run the check again`,
    );
    if (check.verdict === 'ok') check.verdict = 'warn';
  }
  if (vocabulary.refused.length > 0) {
    check.verdict = 'fail';
    check.notes.push(
      `listed by /versions but refused by the data routes, under that name and every name known for it: ${vocabulary.refused.join('; ')}. The explorer does not offer them`,
    );
    check.fix = `${NAMES_FILE}: add the code the data routes take for each name refused`;
  }
}
