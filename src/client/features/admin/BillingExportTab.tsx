import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { type DateRange, monthOf, monthOptions, monthRange } from '../../../domain/time';
import { saveCsv, saveObjectUrl } from '../../base/download';
import { Section } from '../../components/Section';
import { useExportBillingExcelMutation, useExportBillingMutation } from './adminApi';

const HEADING_ID = 'facturatie-export-titel';
/** Two years back is enough for corrections after the fact. */
const MONTHS_BACK = 23;

/** The first and last day of the month that starts on `firstDay` (YYYY-MM-01). */
export const billingPeriod = (firstDay: string): DateRange => monthRange(monthOf(firstDay)!);

/** docs/rules.md, 'Files': `{YYYY-MM}-facturatie-input.csv`. */
export const billingFileName = (firstDay: string) => `${firstDay.slice(0, 7)}-facturatie-input.csv`;

/**
 * 'Facturatie-export': the invoice lines of every company for one month, as the billing system's
 * input (CSV, or .xlsx with 'Exporteren als Excel'). Defaults to last month, the one usually invoiced. A failure is reported by a toast.
 */
export function BillingExportTab() {
  const months = useMemo(() => monthOptions(Date.now(), MONTHS_BACK), []);
  const [month, setMonth] = useState(months[1].value);
  const [exportBilling, { isLoading }] = useExportBillingMutation();
  const [exportBillingExcel, { isLoading: isLoadingExcel }] = useExportBillingExcelMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = await exportBilling(billingPeriod(month))
      .unwrap()
      .catch(() => null);
    if (text !== null) saveCsv(text, billingFileName(month));
  };
  const saveExcel = async () => {
    const url = await exportBillingExcel(billingPeriod(month))
      .unwrap()
      .catch(() => null);
    if (url !== null) saveObjectUrl(url, billingFileName(month).replace(/\.csv$/, '.xlsx'));
  };

  return (
    <Section id={HEADING_ID} title="Facturatie-export">
      <Typography sx={{ mb: 2, maxWidth: 720 }}>
        Exporteer de factuurregels van alle bedrijven over één maand als invoer voor het facturatiesysteem.
      </Typography>
      <Box component="form" onSubmit={submit} aria-labelledby={HEADING_ID}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label="Maand"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {months.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
          <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={isLoading}>
            {isLoading ? 'Bezig met exporteren...' : 'Exporteren'}
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={saveExcel} disabled={isLoadingExcel}>
            {isLoadingExcel ? 'Bezig met exporteren...' : 'Exporteren als Excel'}
          </Button>
        </Stack>
      </Box>
    </Section>
  );
}
