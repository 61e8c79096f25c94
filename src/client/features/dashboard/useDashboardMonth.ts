import { useMemo } from 'react';
import { type Month, monthOf, monthOptions, type MonthOption } from '../../../domain/time';
import { useAppSelector } from '../../base/hooks';
import { selectStoredMonth } from '../../base/uiSlice';

/**
 * The month the dashboard shows: the stored choice while it is still one of the options
 * (the current month plus the six before it), otherwise the current month.
 */
export const dashboardMonth = (stored: string | null, options: MonthOption[] = monthOptions()): Month =>
  monthOf(options.find((option) => option.value === stored)?.value ?? options[0].value)!;

export const useDashboardMonth = () => {
  const options = useMemo(() => monthOptions(), []);
  const stored = useAppSelector(selectStoredMonth);
  return { options, month: dashboardMonth(stored, options) };
};
