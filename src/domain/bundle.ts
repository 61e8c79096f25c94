/**
 * docs/screens.md, 'Dashboard': the group-bundle percentage is clamped between 0 and 100,
 * and is 100 when the total is 0.
 */
export const bundlePercentage = (totalGb: number, usedGb: number): number => {
  if (!(totalGb > 0)) return 100;
  const pct = (usedGb / totalGb) * 100;
  if (!Number.isFinite(pct)) return 100;
  return Math.min(100, Math.max(0, pct));
};
