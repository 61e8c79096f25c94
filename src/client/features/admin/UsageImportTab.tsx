import { Alert, List, ListItem, Typography } from '@mui/material';
import { formatDecimal } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { CsvUploadForm, LineErrorList, type UploadOutcome } from '../../components/CsvUploadForm';
import { Section } from '../../components/Section';
import { useImportUsageMutation, type UsageImportAnswer } from './adminApi';
import { linesText, summarizeUsageImport, type UsageImportSummary } from './usageImportSummary';

const HEADING_ID = 'verbruik-importeren-titel';

/** The server's answer as it came; a failed call without one says that something went wrong. */
const summaryOf = (outcome: UploadOutcome<UsageImportAnswer>): UsageImportSummary => {
  if (outcome.ok) return summarizeUsageImport(outcome.answer);
  const { status, data } = (outcome.error ?? {}) as { status?: unknown; data?: unknown };
  const answered = typeof status === 'number' && data && typeof data === 'object';
  const summary = summarizeUsageImport(answered ? (data as UsageImportAnswer) : null);
  return { ...summary, message: summary.message ?? MSG.unknownError };
};

function Summary({ outcome }: { outcome: UploadOutcome<UsageImportAnswer> }) {
  const { message, figures, errors } = summaryOf(outcome);
  return (
    <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 3 }} role={outcome.ok ? 'status' : 'alert'}>
      {message && <Typography sx={{ fontWeight: 600 }}>{message}</Typography>}
      {figures.length > 0 && (
        <List dense disablePadding>
          {figures.map((figure) => (
            <ListItem key={figure.label} disableGutters sx={{ display: 'block' }}>
              {`${figure.label}: ${formatDecimal(figure.count, 0)}`}
              {figure.lines.length > 0 && ` (${linesText(figure.lines)})`}
            </ListItem>
          ))}
        </List>
      )}
      {errors.length > 0 && <LineErrorList errors={errors} />}
    </Alert>
  );
}

/**
 * 'Verbruik importeren' (UPLOAD_CDR): a usage CSV (decisions section 7), idle or importing. The
 * server's answer is shown as it came: counts, refused lines, or its message.
 */
export function UsageImportTab() {
  const [importUsage] = useImportUsageMutation();

  return (
    <Section id={HEADING_ID} title="Verbruik importeren">
      <Typography sx={{ mb: 2, maxWidth: 720 }}>
        Importeer verbruiksgegevens (CDR) als CSV-bestand met de kolommen datum, tijd, afzender, ontvanger, richting, type,
        lengte, bundel en prijs. Een bestand met fouten wordt in zijn geheel geweigerd; records die al eerder zijn
        geïmporteerd worden overgeslagen.
      </Typography>
      <CsvUploadForm
        labelledBy={HEADING_ID}
        fileLabel="CSV-bestand met verbruik"
        upload={(file) => importUsage(file).unwrap()}
        outcome={(outcome) => <Summary outcome={outcome} />}
      />
    </Section>
  );
}
