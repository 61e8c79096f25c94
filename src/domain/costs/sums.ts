import type Decimal from 'decimal.js';
import { roundCents, sumAmounts } from '../money';

/**
 * The sums of the costs screens (docs/rules.md, 'Exact money'): every shown figure is rounded half-up to
 * cents once, and a total is the exact sum of the figures shown above it, so a table always adds
 * up to the cent. Figures are 2-decimal strings ("12.30"); floats never touch an amount.
 */

/** An amount as shown: rounded half-up to cents, "12.30". */
export const toCents = (amount: Decimal.Value): string => roundCents(amount).toFixed(2);

/** The exact sum of amounts, shown in cents: the total of shown figures, or one figure of several amounts. */
export const sumToCents = (amounts: Iterable<Decimal.Value>): string => toCents(sumAmounts(amounts));
