/**
 * Usage alerts (docs/usage.md, 'Alerts'): which thresholds a company's figures of one month cross, given the
 * company's alert settings. Pure and exact (integer arithmetic on decimal text, no floats), so the
 * server decides with it and the client validates the settings form with the same rules.
 *
 * The thresholds and when each is crossed:
 *
 * - `bundle_80`, `bundle_100` (when `bundleAlerts` is on and the company has a group bundle): the
 *   month's in-bundle data `usedGb` reaches 80 % or 100 % of the bundle `totalGb` (decisions
 *   section 8), i.e. used x 100 >= p x total, with some data used. The value is the percentage
 *   used, one decimal, rounded down (so 79.99 % never reads 80,0 %).
 *   Example: total 50 GB, used 40 GB: 80.0 %, `bundle_80` crossed, `bundle_100` not.
 *   Used 50.5 GB: 101.0 %, both crossed. A bundle of 0 GB with 1 GB used: both crossed, value 100.
 *   A bundle of 0 GB with nothing used: nothing.
 * - `out_of_bundle_costs` (company threshold in euros): the month's usage costs as the costs
 *   screen shows them ('Verbruik': priced usage plus group bundle overage, each rounded to cents
 *   once, services/costs/usage.ts) above the threshold.
 *   Example: threshold € 100,00, costs € 100,00: not crossed; € 100,01: crossed, value '100.01'.
 * - `number_data` (per number, threshold in GB of 1024^3 bytes): all data of the number in the
 *   month, in and out of bundle, above the threshold. The value is GB with 3 decimals, half-up.
 *   Example: threshold 2 GB = 2,147,483,648 bytes: exactly that is not crossed, one byte more is
 *   (value '2.000').
 * - `number_usage_costs` (per number, threshold in euros): the number's priced usage of the month,
 *   rounded half-up to cents once (as a line of the costs), above the threshold.
 *   Example: threshold € 25,00: € 25,004 (25,004,000 micros) rounds to € 25,00: not crossed;
 *   € 25,005 rounds to € 25,01: crossed, value '25.01'.
 *
 * A threshold's text is its canonical decimal (euros with 2 decimals, GB without trailing zeros),
 * part of what sends each alert once per company, month, kind, number and threshold
 * (services/alerts.ts): a changed threshold may alert again in the same month, the same one never.
 */

export const ALERT_KINDS = ['bundle_80', 'bundle_100', 'out_of_bundle_costs', 'number_data', 'number_usage_costs'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kinds as the list of sent alerts names them. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  bundle_80: 'Groepsbundel voor 80 % verbruikt',
  bundle_100: 'Groepsbundel op',
  out_of_bundle_costs: 'Kosten buiten de bundel',
  number_data: 'Data per nummer',
  number_usage_costs: 'Verbruikskosten per nummer',
};

/** The settings' fields as the form labels them and what an invalid value answers (server and form alike). */
export const ALERT_FIELDS = {
  out_of_bundle_costs: {
    label: 'Kosten buiten de bundel boven',
    decimals: 2,
    invalid: "Veld 'Kosten buiten de bundel' moet een bedrag van 0 of meer zijn, met hoogstens 2 decimalen.",
  },
  number_data_gb: {
    label: 'Data per nummer boven',
    decimals: 3,
    invalid: "Veld 'Data per nummer' moet een aantal GB van 0 of meer zijn, met hoogstens 3 decimalen.",
  },
  number_usage_costs: {
    label: 'Verbruikskosten per nummer boven',
    decimals: 2,
    invalid: "Veld 'Verbruikskosten per nummer' moet een bedrag van 0 of meer zijn, met hoogstens 2 decimalen.",
  },
} as const;

export type AlertThresholdField = keyof typeof ALERT_FIELDS;

/** Recipients must be users of the acting company who may log in. */
export const ALERT_RECIPIENTS_INVALID = 'Meldingen kunnen alleen naar actieve contactpersonen van je eigen bedrijf worden gestuurd.';

/** A company's thresholds as exact decimal text; null: no alert of that kind. */
export interface AlertThresholds {
  bundleAlerts: boolean;
  /** Euros. */
  outOfBundleCosts: string | null;
  /** GB of 1024^3 bytes. */
  numberDataGb: string | null;
  /** Euros. */
  numberUsageCosts: string | null;
}

/** One number's figures of the month, integers as text. */
export interface NumberFigures {
  number: string;
  /** All data of the number, bytes. */
  dataBytes: string;
  /** Its priced usage in millionths of a euro. */
  usageMicros: string;
}

/** A company's figures of one month. */
export interface AlertFigures {
  /** The group bundle (exact decimal GB); null when the company has none. */
  bundle: { totalGb: string; usedGb: string } | null;
  /** The month's usage costs in euros (cents); null when not asked for. */
  outOfBundleCosts: string | null;
  /** The numbers that may cross a per-number threshold (others may be left out). */
  numbers: readonly NumberFigures[];
}

export interface CrossedThreshold {
  kind: AlertKind;
  /** The number for the per-number kinds, '' for the others. */
  number: string;
  threshold: string;
  value: string;
}

const GB_BYTES = 1024n ** 3n;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Exact decimal text (up to `scale` significant decimals) as an integer of 10^-scale units; null when it has more. */
const toUnits = (text: string, scale: number): bigint | null => {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > scale) return null;
  return BigInt(match[1]) * 10n ** BigInt(scale) + BigInt(decimals.padEnd(scale, '0') || '0');
};

/** Units of 10^-scale as decimal text with exactly `decimals` decimals (<= scale), rounded half-up. */
const unitsText = (units: bigint, scale: number, decimals: number): string => {
  const divisor = 10n ** BigInt(scale - decimals);
  const rounded = (units * 2n + divisor) / (divisor * 2n);
  if (decimals === 0) return rounded.toString();
  const s = rounded.toString().padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
};

/** Canonical text: no trailing zeros after the point. */
const trimmed = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * A threshold as typed or sent: blank (or null) is none; else a non-negative amount with at most
 * `decimals` decimals (euros 2, GB 3), '.' or ',' as the decimal sign, at most 10 digits before
 * it. Answers the exact decimal text, null for none, or undefined when it is not valid.
 */
export const parseThreshold = (input: string | number | null | undefined, decimals: 2 | 3): string | null | undefined => {
  if (input === null || input === undefined) return null;
  const text = (typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'x') : input.trim()).replace(',', '.');
  if (text === '') return null;
  if (!/^\d{1,10}(\.\d+)?$/.test(text) || toUnits(text, decimals) === null) return undefined;
  return trimmed(text.replace(/^0+(?=\d)/, ''));
};

/** The canonical text of a stored threshold: euros with 2 decimals, GB without trailing zeros. */
export const euroThresholdText = (value: string): string => unitsText(toUnits(value, 6) ?? 0n, 6, 2);
export const gbThresholdText = (value: string): string => trimmed(value);

/**
 * The least figures that can cross the per-number thresholds, so the database reads only the
 * numbers that may (`dataBytes >= …`, `usageMicros >= …`); null for a threshold not set.
 */
export const numberThresholdUnits = (t: AlertThresholds): { dataBytes: bigint | null; usageMicros: bigint | null } => ({
  // Above threshold x 1024^3 bytes (in thousandths of a GB).
  dataBytes: t.numberDataGb === null ? null : ((toUnits(t.numberDataGb, 6) ?? 0n) * GB_BYTES) / 1_000_000n + 1n,
  // Rounded half-up to cents above the threshold's cents: at least one cent more, less half a cent.
  usageMicros: t.numberUsageCosts === null ? null : ((toUnits(t.numberUsageCosts, 6) ?? 0n) / 10_000n + 1n) * 10_000n - 5_000n,
});

const bundleCrossings = (bundle: AlertFigures['bundle']): CrossedThreshold[] => {
  if (!bundle) return [];
  const total = toUnits(bundle.totalGb, 9) ?? 0n;
  const used = toUnits(bundle.usedGb, 9) ?? 0n;
  if (used <= 0n) return [];
  // Tenths of a percent, rounded down; a bundle of 0 GB with data used is used up.
  const value = total === 0n ? '100' : unitsText((used * 1000n) / total, 1, 1);
  return ([80n, 100n] as const)
    .filter((p) => used * 100n >= p * total)
    .map((p) => ({ kind: p === 80n ? 'bundle_80' : 'bundle_100', number: '', threshold: p.toString(), value }));
};

/** Cents of a number's micros, rounded half-up once. */
const centsOfMicros = (micros: bigint) => (micros * 2n + 10_000n) / 20_000n;

/** The thresholds of `thresholds` that the month's `figures` cross, in a fixed order (see the module's comment). */
export const crossedThresholds = (thresholds: AlertThresholds, figures: AlertFigures): CrossedThreshold[] => {
  const crossed: CrossedThreshold[] = thresholds.bundleAlerts ? bundleCrossings(figures.bundle) : [];
  if (thresholds.outOfBundleCosts !== null && figures.outOfBundleCosts !== null) {
    const costs = toUnits(figures.outOfBundleCosts, 6) ?? 0n;
    if (costs > (toUnits(thresholds.outOfBundleCosts, 6) ?? 0n)) {
      crossed.push({ kind: 'out_of_bundle_costs', number: '', threshold: euroThresholdText(thresholds.outOfBundleCosts), value: unitsText(costs, 6, 2) });
    }
  }
  const dataLimit = thresholds.numberDataGb === null ? null : (toUnits(thresholds.numberDataGb, 6) ?? 0n) * GB_BYTES;
  const costLimit = thresholds.numberUsageCosts === null ? null : (toUnits(thresholds.numberUsageCosts, 6) ?? 0n) / 10_000n;
  for (const figure of figures.numbers) {
    const bytes = BigInt(figure.dataBytes);
    if (dataLimit !== null && bytes * 1_000_000n > dataLimit) {
      crossed.push({
        kind: 'number_data',
        number: figure.number,
        threshold: gbThresholdText(thresholds.numberDataGb!),
        // Thousandths of a GB, half-up.
        value: unitsText((bytes * 2_000n + GB_BYTES) / (GB_BYTES * 2n), 3, 3),
      });
    }
    const cents = centsOfMicros(BigInt(figure.usageMicros));
    if (costLimit !== null && cents > costLimit) {
      crossed.push({
        kind: 'number_usage_costs',
        number: figure.number,
        threshold: euroThresholdText(thresholds.numberUsageCosts!),
        value: unitsText(cents, 2, 2),
      });
    }
  }
  return crossed;
};
