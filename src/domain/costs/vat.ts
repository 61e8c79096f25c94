import { Decimal, roundCents } from '../money';

/**
 * VAT (btw) on a month's costs (docs/cost-specification.md, 'VAT'): amounts everywhere exclude VAT;
 * the VAT line is the total excluding VAT times the rate, rounded half-up to cents once, and the
 * total including VAT is their sum. Example: € 1.234,56 at 21 % gives VAT 259,2576, so € 259,26,
 * and € 1.493,82 including VAT.
 */
export interface VatFigures {
  /** The rate in percent, as configured (`VAT_RATE`), e.g. '21'. */
  rate: string;
  /** Euros, 2 decimals. */
  vat: string;
  /** Euros, 2 decimals: the total excluding VAT plus `vat`. */
  totalIncludingVat: string;
}

/** The default `VAT_RATE`: the Dutch general rate. */
export const DEFAULT_VAT_RATE = '21';

/** The VAT line and the total including VAT of a total excluding VAT (2 decimals). */
export const vatOf = (totalExcludingVat: Decimal.Value, ratePercent: Decimal.Value): VatFigures => {
  const vat = roundCents(new Decimal(totalExcludingVat).times(ratePercent).dividedBy(100));
  return {
    rate: new Decimal(ratePercent).toString(),
    vat: vat.toFixed(2),
    totalIncludingVat: vat.plus(totalExcludingVat).toFixed(2),
  };
};

/** A `VAT_RATE` setting, or null when it is not a rate from 0 to 100 percent with at most 2 decimals. */
export const parseVatRate = (value: string): string | null => {
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(value.trim())) return null;
  const rate = new Decimal(value.trim().replace(',', '.'));
  return rate.lte(100) ? rate.toString() : null;
};
