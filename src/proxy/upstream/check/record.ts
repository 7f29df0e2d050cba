import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CallLog, UpstreamCall } from '../data-api';

/** One call the check made, as the data service answered it. */
export interface Recorded {
  step: string;
  call: UpstreamCall;
  status: number;
  body: unknown;
  log: CallLog;
}

/**
 * Every answer the contract check gets, kept by the step that asked (steps run one after the
 * other) and, unless told otherwise, saved to disk with the client secret and tokens removed.
 */
export class Recorder {
  readonly calls: Recorded[] = [];
  private step = 'start';
  private saved = 0;

  constructor(
    private readonly outDir: string | undefined,
    private readonly secrets: () => string[],
  ) {}

  begin(step: string) {
    this.step = step;
  }

  readonly observe = (call: UpstreamCall, status: number, body: unknown, log: CallLog) => {
    this.calls.push({ step: this.step, call, status, body, log });
    if (!this.outDir) return;
    mkdirSync(this.outDir, { recursive: true });
    let text = JSON.stringify(
      {
        step: this.step,
        request: {
          method: call.method,
          path: call.path,
          query: call.query?.toString() ?? '',
          body: call.body,
        },
        status,
        waited: log.waits,
        redirectedTo: log.redirectedTo,
        body,
      },
      null,
      2,
    );
    for (const secret of this.secrets()) if (secret) text = text.split(secret).join('[removed]');
    this.saved++;
    const slug = this.step
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
    writeFileSync(
      path.join(this.outDir, `${String(this.saved).padStart(3, '0')}-${slug}.json`),
      text,
    );
  };

  of(step: string): Recorded[] {
    return this.calls.filter((call) => call.step === step);
  }

  get savedTo(): string | undefined {
    return this.saved > 0 ? this.outDir : undefined;
  }
}
