import { bundlePercentage } from './bundle';

describe('bundlePercentage', () => {
  it('is 100 when the total is 0', () => expect(bundlePercentage(0, 3)).toBe(100));
  it('clamps between 0 and 100', () => {
    expect(bundlePercentage(10, 25)).toBe(100);
    expect(bundlePercentage(10, -1)).toBe(0);
  });
  it('is the share used', () => expect(bundlePercentage(40, 10)).toBe(25));
});
