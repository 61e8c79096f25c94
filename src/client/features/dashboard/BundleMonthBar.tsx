import { Button, Stack, TextField } from '@mui/material';
import { type Month, type MonthOption, monthStart } from '../../../domain/time';
import { usePermission } from '../../api/accountApi';
import { useAppDispatch } from '../../base/hooks';
import { monthSelected } from '../../base/uiSlice';
import { useRecalculateGroupBundleMutation } from './dashboardApi';

interface BundleMonthBarProps {
  month: Month;
  options: MonthOption[];
}

/** The month the bundle figures are for, and the admins' 'Herberekenen' of that month. */
export function BundleMonthBar({ month, options }: BundleMonthBarProps) {
  const dispatch = useAppDispatch();
  const mayRecalculate = usePermission('CREATE_COMPANY');
  const [recalculate, { isLoading }] = useRecalculateGroupBundleMutation();

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        label="Maand"
        value={monthStart(month)}
        onChange={(event) => dispatch(monthSelected(event.target.value))}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 220, bgcolor: 'background.paper' }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
      {mayRecalculate && (
        <Button variant="outlined" onClick={() => recalculate(monthStart(month))} disabled={isLoading}>
          Herberekenen
        </Button>
      )}
    </Stack>
  );
}
