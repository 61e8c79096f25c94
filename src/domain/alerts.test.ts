import { crossedThresholds, euroThresholdText, gbThresholdText, numberThresholdUnits, parseThreshold, type AlertThresholds } from './alerts';

const none: AlertThresholds = { bundleAlerts: false, outOfBundleCosts: null, numberDataGb: null, numberUsageCosts: null };
const noFigures = { bundle: null, outOfBundleCosts: null, numbers: [] };
const GB = 1024 ** 3;

describe('crossedThresholds: the group bundle at 80 % and 100 %', () => {
  const bundle = (totalGb: string, usedGb: string) => crossedThresholds({ ...none, bundleAlerts: true }, { ...noFigures, bundle: { totalGb, usedGb } });

  it('total 50 GB, used 40 GB: 80.0 %, only the 80 % alert', () =>
    expect(bundle('50.000000', '40.000000')).toEqual([{ kind: 'bundle_80', number: '', threshold: '80', value: '80.0' }]));

  it('just below 80 % crosses nothing (79.999 % reads 79.9, rounded down)', () => expect(bundle('50', '39.9995')).toEqual([]));

  it('used 50.5 GB of 50 GB: both, value 101.0', () =>
    expect(bundle('50', '50.5')).toEqual([
      { kind: 'bundle_80', number: '', threshold: '80', value: '101.0' },
      { kind: 'bundle_100', number: '', threshold: '100', value: '101.0' },
    ]));

  it('exactly 100 % crosses 100', () => expect(bundle('10', '10').map((c) => c.kind)).toEqual(['bundle_80', 'bundle_100']));

  it('a bundle of 0 GB with data used is used up; with nothing used nothing is said', () => {
    expect(bundle('0', '1').map((c) => [c.kind, c.value])).toEqual([
      ['bundle_80', '100'],
      ['bundle_100', '100'],
    ]);
    expect(bundle('0', '0')).toEqual([]);
  });

  it('says nothing when bundle alerts are off or the company has no bundle', () => {
    expect(crossedThresholds(none, { ...noFigures, bundle: { totalGb: '10', usedGb: '20' } })).toEqual([]);
    expect(crossedThresholds({ ...none, bundleAlerts: true }, noFigures)).toEqual([]);
  });
});

describe('crossedThresholds: the company threshold on out-of-bundle costs', () => {
  const costs = (threshold: string, value: string) =>
    crossedThresholds({ ...none, outOfBundleCosts: threshold }, { ...noFigures, outOfBundleCosts: value });

  it('€ 100,00 is not above € 100,00; € 100,01 is', () => {
    expect(costs('100.000000', '100.00')).toEqual([]);
    expect(costs('100.000000', '100.01')).toEqual([{ kind: 'out_of_bundle_costs', number: '', threshold: '100.00', value: '100.01' }]);
  });

  it('a threshold of € 0 alerts on any cost', () => expect(costs('0', '0.01')).toHaveLength(1));
});

describe('crossedThresholds: the per-number thresholds', () => {
  it('data: 2 GB exactly is not above 2 GB, one byte more is', () => {
    const t = { ...none, numberDataGb: '2.000' };
    const figures = (bytes: number) => ({ ...noFigures, numbers: [{ number: '0612345678', dataBytes: String(bytes), usageMicros: '0' }] });
    expect(crossedThresholds(t, figures(2 * GB))).toEqual([]);
    expect(crossedThresholds(t, figures(2 * GB + 1))).toEqual([{ kind: 'number_data', number: '0612345678', threshold: '2', value: '2.000' }]);
  });

  it('data: a threshold of 1.5 GB, 1.75 GB used reads 1.750', () => {
    const [crossed] = crossedThresholds(
      { ...none, numberDataGb: '1.500' },
      { ...noFigures, numbers: [{ number: '0611111111', dataBytes: String(1.75 * GB), usageMicros: '0' }] },
    );
    expect(crossed).toEqual({ kind: 'number_data', number: '0611111111', threshold: '1.5', value: '1.750' });
  });

  it('usage costs: € 25,004 rounds to € 25,00 (not above € 25,00); € 25,005 rounds to € 25,01', () => {
    const t = { ...none, numberUsageCosts: '25.000000' };
    const figures = (micros: number) => ({ ...noFigures, numbers: [{ number: '0612345678', dataBytes: '0', usageMicros: String(micros) }] });
    expect(crossedThresholds(t, figures(25_004_000))).toEqual([]);
    expect(crossedThresholds(t, figures(25_005_000))).toEqual([
      { kind: 'number_usage_costs', number: '0612345678', threshold: '25.00', value: '25.01' },
    ]);
  });

  it('each number is judged on its own, both kinds', () => {
    const crossed = crossedThresholds(
      { ...none, numberDataGb: '1', numberUsageCosts: '10' },
      {
        ...noFigures,
        numbers: [
          { number: 'A', dataBytes: String(2 * GB), usageMicros: '20000000' },
          { number: 'B', dataBytes: '100', usageMicros: '1000000' },
        ],
      },
    );
    expect(crossed.map((c) => [c.kind, c.number])).toEqual([
      ['number_data', 'A'],
      ['number_usage_costs', 'A'],
    ]);
  });
});

describe('numberThresholdUnits: the least figures that can cross, agreeing with crossedThresholds', () => {
  it('data: one byte above the threshold', () => expect(numberThresholdUnits({ ...none, numberDataGb: '2' }).dataBytes).toBe(BigInt(2 * GB + 1)));

  it('data with a fraction of a byte: 0.001 GB is 1,073,741.824 bytes, so 1,073,742 is the least above', () =>
    expect(numberThresholdUnits({ ...none, numberDataGb: '0.001' }).dataBytes).toBe(1_073_742n));

  it('usage costs: € 25,005 is the least that rounds above € 25,00', () => {
    const { usageMicros } = numberThresholdUnits({ ...none, numberUsageCosts: '25' });
    expect(usageMicros).toBe(25_005_000n);
    const at = (micros: bigint) =>
      crossedThresholds({ ...none, numberUsageCosts: '25' }, { ...noFigures, numbers: [{ number: 'A', dataBytes: '0', usageMicros: String(micros) }] });
    expect(at(usageMicros!)).toHaveLength(1);
    expect(at(usageMicros! - 1n)).toHaveLength(0);
  });

  it('null for a threshold not set', () => expect(numberThresholdUnits(none)).toEqual({ dataBytes: null, usageMicros: null }));
});

describe('parseThreshold', () => {
  it('blank is no threshold', () => {
    expect(parseThreshold('', 2)).toBeNull();
    expect(parseThreshold('  ', 2)).toBeNull();
    expect(parseThreshold(null, 3)).toBeNull();
  });

  it('takes a comma or a point, and numbers', () => {
    expect(parseThreshold('12,50', 2)).toBe('12.5');
    expect(parseThreshold('0012.5', 2)).toBe('12.5');
    expect(parseThreshold(7.125, 3)).toBe('7.125');
    expect(parseThreshold('0', 2)).toBe('0');
  });

  it('refuses negative amounts, too many decimals and text', () => {
    expect(parseThreshold('-1', 2)).toBeUndefined();
    expect(parseThreshold('1.234', 2)).toBeUndefined();
    expect(parseThreshold('1.2345', 3)).toBeUndefined();
    expect(parseThreshold('tien', 2)).toBeUndefined();
    expect(parseThreshold(Number.NaN, 2)).toBeUndefined();
  });

  it('trailing zeros do not count as decimals', () => expect(parseThreshold('1.2300', 2)).toBe('1.23'));
});

describe('canonical threshold texts', () => {
  it('euros have 2 decimals, GB none to spare', () => {
    expect(euroThresholdText('50.000000')).toBe('50.00');
    expect(euroThresholdText('12.5')).toBe('12.50');
    expect(gbThresholdText('10.000')).toBe('10');
    expect(gbThresholdText('10.500')).toBe('10.5');
    expect(gbThresholdText('100')).toBe('100');
  });
});
