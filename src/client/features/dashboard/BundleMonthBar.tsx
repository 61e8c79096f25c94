import { Button, Stack } from '@mui/material';
import { type Month, type MonthOption, monthStart } from '../../../domain/time';
import { usePermission } from '../../api/currentUserApi';
import { useAppDispatch } from '../../base/hooks';
import { NativeSelectField } from '../../components/NativeSelectField';
import { monthSelected } from '../../base/uiSlice';
import { useRecalculateGroupBundleMutation } from './dashboardApi';

interface BundleMonthBarProps {
  month: Month;
  options: MonthOption[];
  /** Called with the chosen option's value (the month's first day); by default it becomes the dashboard's month. */
  onSelect?: (value: string) => void;
}

/** The month the bundle figures are for, and the admins' 'Herberekenen' of that month. */
export function BundleMonthBar({ month, options, onSelect }: BundleMonthBarProps) {
  const dispatch = useAppDispatch();
  const select = onSelect ?? ((value: string) => dispatch(monthSelected(value)));
  const mayRecalculate = usePermission('CREATE_COMPANY');
  const [recalculate, { isLoading }] = useRecalculateGroupBundleMutation();

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <NativeSelectField label="Maand" value={monthStart(month)} onChange={(event) => select(event.target.value)} sx={{ minWidth: 220, bgcolor: 'background.paper' }}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelectField>
      {mayRecalculate && (
        <Button variant="outlined" onClick={() => recalculate(monthStart(month))} disabled={isLoading}>
          Herberekenen
        </Button>
      )}
    </Stack>
  );
}
