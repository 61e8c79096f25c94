import { useMemo } from 'react';
import { monthStart } from '../../../domain/time';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { costsMonthSelected } from '../../base/uiSlice';
import { costsMonthOptions } from './costsModel';
import { selectCostsDetailMonth, selectCostsOverviewMonth } from './selectors';

/**
 * The month of /kosten (spec section 4: the selected month drives the date filter; the default
 * is the month before today), and the user's choices of it: picking a month, or opening one of
 * its detail screens, which then know their month (the choice lasts for the session, uiSlice
 * `costsMonth`).
 */
export const useCostsOverviewMonth = () => {
  const dispatch = useAppDispatch();
  const options = useMemo(() => costsMonthOptions(), []);
  const month = useAppSelector((state) => selectCostsOverviewMonth(state, options));
  return {
    options,
    month,
    /** The picker's choice: an option's value. */
    select: (value: string) => dispatch(costsMonthSelected(value)),
    /** Opening a detail screen chooses the month shown. */
    keepMonth: () => dispatch(costsMonthSelected(monthStart(month))),
  };
};

/** The month of the detail screens: the session's choice, or null (they then go back to /kosten). */
export const useSelectedCostsMonth = () => useAppSelector(selectCostsDetailMonth);
