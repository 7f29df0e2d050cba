import type { UpstreamResponse } from './http-client';

/** One send of a call: its own deadline, a signal that cancels it, told when its answer starts. */
export type Attempt = (options: {
  deadlineMs: number;
  signal: AbortSignal;
  started: () => void;
}) => Promise<UpstreamResponse>;

/** Second asks in flight at once, at most: under overload they would add load, not answers. */
export class HedgeBudget {
  inFlight = 0;
  constructor(readonly max: number) {}
}

/** Less than this left of the deadline, a second ask could not be answered in time. */
const MIN_SECOND_ASK_MS = 50;

/**
 * A free read asked once more when its answer has not started within `afterMs`: one slow call
 * in many is the service's weather, not its answer. The first of the two to answer in full is
 * kept and the other cancelled, both within the one deadline; the first ask goes on meanwhile
 * (slow is not failed), and a failure of either waits for the other. A call that fails before
 * `afterMs` (a refused connection, say) is not asked again: that is not slowness.
 */
export function hedged(
  send: Attempt,
  deadlineMs: number,
  afterMs: number,
  budget: HedgeBudget,
  onSecondAsk: () => void,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    const controllers: AbortController[] = [];
    let pending = 0;
    let settled = false;
    let firstStarted = false;
    let firstError: Error | undefined;
    let timer: NodeJS.Timeout | undefined;

    const settle = (outcome: () => void) => {
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const ask = (deadline: number, second: boolean) => {
      const controller = new AbortController();
      controllers.push(controller);
      pending++;
      if (second) budget.inFlight++;
      const finished = () => {
        pending--;
        if (second) budget.inFlight--;
      };
      send({
        deadlineMs: deadline,
        signal: controller.signal,
        started: () => {
          if (!second) firstStarted = true;
        },
      }).then(
        (response) => {
          finished();
          if (settled) return;
          settle(() => {
            for (const other of controllers) if (other !== controller) other.abort();
            resolve(response);
          });
        },
        (reason: unknown) => {
          finished();
          if (settled) return;
          const error = reason instanceof Error ? reason : new Error(String(reason));
          if (!second) firstError = error;
          // The other ask may still answer. With none left (a failure before the second ask
          // would be sent is no slowness: it is not sent), the first ask's failure is the answer.
          if (pending === 0) settle(() => reject(firstError ?? error));
        },
      );
    };

    ask(deadlineMs, false);
    timer = setTimeout(() => {
      timer = undefined;
      const left = deadlineMs - (Date.now() - began);
      if (settled || firstStarted || left < MIN_SECOND_ASK_MS || budget.inFlight >= budget.max)
        return;
      onSecondAsk();
      ask(left, true);
    }, afterMs);
  });
}
