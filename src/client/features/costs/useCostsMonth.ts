import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lastWholeMonth, type Month, monthKey, monthOf, parseMonthKey } from '../../../domain/time';
import { COSTS_MONTH_PARAM } from '../../base/paths';
import { costsMonthOptions } from './costsMonths';

/** The month the address names (`?maand=YYYY-MM`), or null when it names none. */
const useAddressMonth = (): Month | null => {
  const [searchParams] = useSearchParams();
  const key = searchParams.get(COSTS_MONTH_PARAM);
  return useMemo(() => parseMonthKey(key), [key]);
};

/** The month of /kosten for the address's month key: see useCostsOverviewMonth. */
export const costsOverviewMonth = (asked: Month | null, options = costsMonthOptions()): Month => {
  const key = asked && monthKey(asked);
  const offered = options.find((option) => option.value.startsWith(`${key}-`));
  return offered ? monthOf(offered.value)! : lastWholeMonth();
};

/**
 * The month of /kosten: the address's while it is one of the picker's options (docs/screens.md, 'Month overview':
 * the selected month drives the date filter), otherwise the default, the last whole month (the usage report's default too).
 * Picking a month writes it into the address, so a reload or a shared link shows the same month.
 */
export const useCostsOverviewMonth = () => {
  const [, setSearchParams] = useSearchParams();
  const options = useMemo(() => costsMonthOptions(), []);
  const asked = useAddressMonth();
  const month = useMemo(() => costsOverviewMonth(asked, options), [asked, options]);
  return {
    options,
    month,
    /** The picker's choice: an option's value (the month's first day). */
    select: (value: string) => {
      const chosen = monthOf(value);
      if (chosen) setSearchParams({ [COSTS_MONTH_PARAM]: monthKey(chosen) }, { replace: true });
    },
  };
};

/** The month of the detail screens: the address's, or null (docs/screens.md, 'Detail screens': they then go back to /kosten). */
export const useSelectedCostsMonth = (): Month | null => useAddressMonth();
