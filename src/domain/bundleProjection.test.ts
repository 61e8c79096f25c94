import { projectBundle, type BundleProjectionInput } from './bundleProjection';

const NOVEMBER = { year: 2026, month: 11 }; // 30 days
const FEBRUARY_LEAP = { year: 2028, month: 2 }; // 29 days
const day = (month: { year: number; month: number }, d: number) => ({ ...month, day: d });

const input = (over: Partial<BundleProjectionInput>): BundleProjectionInput => ({
  month: NOVEMBER,
  today: day(NOVEMBER, 12),
  totalGb: '50',
  usedGb: '0',
  through: day(NOVEMBER, 10),
  ...over,
});

describe('projectBundle (the worked examples of its doc comment)', () => {
  it('projects below the bundle: 12 GB over 10 of 30 days is 36 GB expected', () => {
    expect(projectBundle(input({ usedGb: '12' }))).toEqual({
      basis: 'projected',
      daysCovered: 10,
      daysInMonth: 30,
      projectedGb: '36.000000',
      usedUp: false,
      runsOutOn: null,
      text: 'verwacht: 36,00 GB van 50,00 GB',
    });
  });

  it('names the day the bundle runs out: 20 GB over 10 days reaches 50 GB on day 25', () => {
    expect(projectBundle(input({ usedGb: '20' }))).toEqual({
      basis: 'projected',
      daysCovered: 10,
      daysInMonth: 30,
      projectedGb: '60.000000',
      usedUp: false,
      runsOutOn: day(NOVEMBER, 25),
      text: 'Bij dit verbruik is de bundel op 25-11-2026 op',
    });
  });

  it('says the bundle is op at 100 % and beyond', () => {
    expect(projectBundle(input({ usedGb: '50' }))).toMatchObject({ usedUp: true, runsOutOn: null, text: 'De bundel is op.' });
    expect(projectBundle(input({ usedGb: '50.5', through: day(NOVEMBER, 2) }))).toMatchObject({
      usedUp: true,
      projectedGb: '757.500000',
      text: 'De bundel is op.',
    });
    // A bundle of 0 GB (every bundle service ended) is op from the start, as its percentage is 100.
    expect(projectBundle(input({ totalGb: '0', usedGb: '0', through: null }))).toMatchObject({ usedUp: true, text: 'De bundel is op.' });
  });

  it('projects nothing without usage records: the usage so far (0) stands', () => {
    expect(projectBundle(input({ through: null }))).toEqual({
      basis: 'none',
      daysCovered: 0,
      daysInMonth: 30,
      projectedGb: '0.000000',
      usedUp: false,
      runsOutOn: null,
      text: 'verwacht: 0,00 GB van 50,00 GB',
    });
  });

  it('takes the used GB as they are once the records cover the whole month', () => {
    expect(projectBundle(input({ usedGb: '49.999', today: day(NOVEMBER, 30), through: day(NOVEMBER, 30) }))).toMatchObject({
      basis: 'complete',
      projectedGb: '49.999000',
      runsOutOn: null,
      text: 'verwacht: 50,00 GB van 50,00 GB',
    });
  });

  it('has no projection for a month that is over or still to come', () => {
    expect(projectBundle(input({ today: day({ year: 2026, month: 12 }, 1), usedGb: '20' }))).toBeNull();
    expect(projectBundle(input({ today: day({ year: 2026, month: 10 }, 31), through: null }))).toBeNull();
  });

  it('is exact: the run-out day is the least day n with used x n >= total x days covered', () => {
    // 10 GB over 3 of 29 days: 10 x 29 / 3 = 96,666… GB; 50 GB reached on day n >= 50 x 3 / 10 = 15 exactly.
    expect(projectBundle(input({ month: FEBRUARY_LEAP, today: day(FEBRUARY_LEAP, 4), through: day(FEBRUARY_LEAP, 3), usedGb: '10' }))).toMatchObject({
      projectedGb: '96.666667',
      runsOutOn: day(FEBRUARY_LEAP, 15),
      text: 'Bij dit verbruik is de bundel op 15-02-2028 op',
    });
    // 50 x 3 / 10.000001 = 14,9999985…: still day 15, the ceiling of the quotient.
    expect(projectBundle(input({ month: FEBRUARY_LEAP, today: day(FEBRUARY_LEAP, 4), through: day(FEBRUARY_LEAP, 3), usedGb: '10.000001' }))?.runsOutOn).toEqual(
      day(FEBRUARY_LEAP, 15),
    );
    // Exactly reaching the bundle on the last day is not running out: 50 GB expected of 50.
    expect(projectBundle(input({ usedGb: '5', through: day(NOVEMBER, 3) }))).toMatchObject({
      projectedGb: '50.000000',
      runsOutOn: null,
      text: 'verwacht: 50,00 GB van 50,00 GB',
    });
    // One byte more a day (in GB) does run out, on the last day.
    expect(projectBundle(input({ usedGb: '5.000000001', through: day(NOVEMBER, 3) }))?.runsOutOn).toEqual(day(NOVEMBER, 30));
  });

  it('rounds the shown GB half-up to 2 decimals', () => {
    // 1,2345 GB over 2 of 30 days: 18,5175 GB -> 18,52.
    expect(projectBundle(input({ usedGb: '1.2345', through: day(NOVEMBER, 2) }))?.text).toBe('verwacht: 18,52 GB van 50,00 GB');
  });
});
