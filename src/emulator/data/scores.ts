import { DEFAULT_GRID, GRID_BANDS, RATIO_BANDS, type Theme } from './facts/magnitudes';
import type { DatasetRecord } from './catalogue';
import { logUniform, normal, sixDigits, uniform } from './hash';
import type { IndicatorModel } from './indicator-model';

/**
 * Scores are computed, never stored: a pure function of the dataset, the indicator, the release
 * and the system model (demo-data-facts.md §10.5), rounded to 6 significant digits.
 */

function gridOf(code: string): number {
  const country = code.slice(0, 2);
  return GRID_BANDS[code] ?? GRID_BANDS[country] ?? DEFAULT_GRID;
}

const VOLTAGE_STEP: Record<string, number> = { high: 0, medium: 1, low: 2 };

/** GWP100 of one unit of the dataset's product in cutoff, before release drift. */
function baseGwp(record: DatasetRecord): number {
  const where = record.geography.code;
  const voltage = /electricity, (high|medium|low) voltage$/.exec(record.product)?.[1];
  if (
    voltage &&
    record.type !== 'ordinary transforming activity' &&
    !/renewable/.test(record.product)
  ) {
    // Markets of one geography stay coherent: LV ≥ MV ≥ HV (§8.2).
    const hv = gridOf(where) * (0.95 + 0.25 * uniform(`grid|${where}`));
    const steps = VOLTAGE_STEP[voltage] ?? 0;
    const mv = hv * (1.02 + 0.03 * uniform(`mv|${where}`)) + 0.002;
    const lv = mv * (1.03 + 0.05 * uniform(`lv|${where}`)) + 0.01;
    return steps === 0 ? hv : steps === 1 ? mv : lv;
  }
  const [centre, low, high] = record.family.gwp;
  const sigma = Math.log(high / low) / 4;
  let gwp = centre * Math.exp(sigma * Math.max(-2, Math.min(2, normal(`gwp|${record.scoreKey}`))));
  if (record.family.profile === 'metals' || record.family.profile === 'chemicals') {
    const share = 0.1 + 0.5 * uniform(`electricity-share|${record.template.activity}`);
    gwp *= 1 - share + (share * gridOf(where)) / DEFAULT_GRID;
  }
  return gwp;
}

function systemModelFactor(record: DatasetRecord, systemModel: string): number {
  if (systemModel === 'apos') {
    const secondary = /scrap|recycl|secondary|slag|ash|waste heat/.test(
      `${record.activity} ${record.product}`,
    );
    return secondary
      ? 1.2 + 1.8 * uniform(`apos-secondary|${record.scoreKey}`)
      : 0.95 + 0.15 * uniform(`apos|${record.scoreKey}`);
  }
  if (systemModel === 'consequential') {
    const credit =
      /incineration|co-generation|heat and power/.test(record.activity) &&
      uniform(`credit|${record.scoreKey}`) < 0.4;
    const factor = Math.exp(0.35 * normal(`consequential|${record.scoreKey}`));
    return credit ? -factor * (0.1 + 0.5 * uniform(`credit-size|${record.scoreKey}`)) : factor;
  }
  return 1;
}

/**
 * What a dataset's emissions mix depends on: for electricity markets the grid they draw on, so
 * every voltage level of one geography is characterised alike by every method.
 */
function mixKey(record: DatasetRecord): string {
  return /^market for electricity, (high|medium|low) voltage$/.test(record.activity)
    ? `grid|${record.geography.code}`
    : record.scoreKey;
}

interface Impacts {
  gwp: number;
  methane: number;
  fossil: number;
  biogenic: number;
  luluc: number;
}

function impacts(record: DatasetRecord, systemModel: string): Impacts {
  const gwp = baseGwp(record) * record.drift * systemModelFactor(record, systemModel);
  const mix = mixKey(record);
  const methane = Math.min(0.6, record.family.methane * (0.7 + 0.6 * uniform(`methane|${mix}`)));
  const agriculture = record.family.profile === 'agriculture';
  const fossil = agriculture
    ? 0.5 + 0.4 * uniform(`fossil|${mix}`)
    : 0.9 + 0.09 * uniform(`fossil|${mix}`);
  const rest = 1 - fossil;
  return { gwp, methane, fossil, biogenic: rest * 0.6, luluc: rest * 0.4 };
}

const METRIC: Record<
  Extract<IndicatorModel, { kind: 'climate' }>['metric'],
  (m: number) => number
> = {
  gwp100: () => 1,
  gwp20: (m) => 1 + 1.77 * m,
  gwp500: (m) => 1 - 0.66 * m,
  gwp1000: (m) => 1 - 0.7 * m,
  gtp100: (m) => 1 - 0.75 * m,
  gtp50: (m) => 1 - 0.56 * m,
};

function themeRatio(record: DatasetRecord, theme: Theme): number {
  const bands = RATIO_BANDS[theme];
  const profile = record.family.profile;
  const [low, high] =
    (profile === 'nuclear' ? bands.nuclear : undefined) ??
    bands[profile === 'nuclear' ? 'renewables' : profile];
  // Drawn once per dataset and theme, so every method rating the theme sees the same impact.
  return logUniform(`ratio|${theme}|${record.scoreKey}`, low, high);
}

export function score(
  record: DatasetRecord,
  indicatorId: number,
  model: IndicatorModel,
  systemModel: string,
): number {
  const base = impacts(record, systemModel);
  const key = `${indicatorId}|${record.scoreKey}`;
  const mix = `${indicatorId}|${mixKey(record)}`;
  switch (model.kind) {
    case 'climate': {
      const lineage =
        model.lineage === 'ipcc2021'
          ? 1
          : model.lineage === 'ef31'
            ? 0.99 + 0.02 * uniform(`ef31|${mixKey(record)}`)
            : (1 + 0.1 * base.methane) *
              (model.lineage === 'ef30' ? 1 : 0.97 + 0.05 * uniform(`method|${mix}`));
      const part =
        model.part === 'total'
          ? 1
          : model.part === 'fossil'
            ? base.fossil
            : model.part === 'biogenic'
              ? base.biogenic
              : model.part === 'luluc'
                ? base.luluc
                : model.part === 'removals'
                  ? -0.01 * uniform(`removals|${record.scoreKey}`)
                  : /aircraft/.test(record.activity)
                    ? 0.95
                    : 0;
      return sixDigits(
        base.gwp * lineage * part * model.factor * METRIC[model.metric](base.methane),
      );
    }
    case 'theme': {
      const noise = Math.exp(0.05 * normal(`noise|${key}`));
      const longTerm = model.reducedWithoutLongTerm
        ? 0.1 + 0.85 * uniform(`no-lt|${record.scoreKey}`)
        : 1;
      return sixDigits(
        Math.abs(base.gwp) * themeRatio(record, model.theme) * model.factor * noise * longTerm,
      );
    }
    case 'endpoint': {
      const gwp = Math.abs(base.gwp);
      const u = uniform(`endpoint|${key}`);
      const value =
        model.unit === 'DALY'
          ? gwp * (0.8 + 0.7 * u) * 1e-6
          : model.unit === 'species.yr'
            ? gwp * (2 + 3 * u) * 1e-9
            : model.unit === 'USD'
              ? (gwp * themeRatio(record, 'fossil-energy') * (0.3 + 0.4 * u)) / 42
              : model.unit === 'EUR'
                ? gwp * (0.1 + 0.2 * u)
                : model.unit === 'UBP'
                  ? gwp * (500 + 1500 * u)
                  : gwp * themeRatio(record, 'ecotox-freshwater') * (0.5 + u);
      return sixDigits(value);
    }
    case 'other':
      return sixDigits(Math.abs(base.gwp) * logUniform(`other|${key}`, 1e-3, 10));
  }
}
