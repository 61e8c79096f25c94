import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { costsMonthSelected, selectCostsMonth } from '../../base/uiSlice';
import { costsMonthOptions } from './costsModel';

/**
 * The month of /kosten (spec section 4: the selected month drives the date filter; the default
 * is the month before today). Opening /kosten selects the month it shows, so the detail screens
 * opened from it know their month; the choice lasts for the session (uiSlice `costsMonth`).
 */
export const useCostsOverviewMonth = () => {
  const dispatch = useAppDispatch();
  const options = useMemo(() => costsMonthOptions(), []);
  const chosen = useAppSelector(selectCostsMonth);
  const month = options.find((option) => option.value === chosen)?.value ?? options[1].value;

  useEffect(() => {
    if (chosen !== month) dispatch(costsMonthSelected(month));
  }, [chosen, month, dispatch]);

  return { options, month, select: (value: string) => dispatch(costsMonthSelected(value)) };
};

/** The month of the detail screens: the session's choice, or null (they then go back to /kosten). */
export const useSelectedCostsMonth = () => useAppSelector(selectCostsMonth);
