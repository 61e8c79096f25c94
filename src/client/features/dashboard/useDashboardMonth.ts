import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { currentMonth, type Month, monthKey, monthOf, monthOptions, type MonthOption, parseMonthKey } from '../../../domain/time';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { COSTS_MONTH_PARAM } from '../../base/paths';
import { monthSelected, selectStoredMonth } from '../../base/uiSlice';

/** The running month (business time): the only one with a projection. */
export const isRunningMonth = (month: Month, now = currentMonth()) => month.year === now.year && month.month === now.month;

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

/**
 * The month of 'Groepsbundel' for the address's month key (`?maand=YYYY-MM`): that month while it
 * is one of the dashboard's options, otherwise the dashboard's month.
 */
export const groupBundleMonth = (key: string | null, stored: string | null, options: MonthOption[] = monthOptions()): Month => {
  const asked = parseMonthKey(key);
  const offered = asked && options.find((option) => option.value.startsWith(`${monthKey(asked)}-`));
  return offered ? monthOf(offered.value)! : dashboardMonth(stored, options);
};

/**
 * The month of 'Groepsbundel': see groupBundleMonth. Picking a month writes it into the address (a
 * reload or a shared link shows the same month) and into the store, so the dashboard follows.
 */
export const useGroupBundleMonth = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const options = useMemo(() => monthOptions(), []);
  const stored = useAppSelector(selectStoredMonth);
  const key = searchParams.get(COSTS_MONTH_PARAM);
  const month = useMemo(() => groupBundleMonth(key, stored, options), [key, stored, options]);
  const select = (value: string) => {
    const chosen = monthOf(value);
    if (!chosen) return;
    dispatch(monthSelected(value));
    setSearchParams({ [COSTS_MONTH_PARAM]: monthKey(chosen) }, { replace: true });
  };
  return { options, month, select };
};
