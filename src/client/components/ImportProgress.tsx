import { Box, LinearProgress, type SxProps, type Theme, Typography } from '@mui/material';
import { formatDecimal } from '../../domain/format';
import type { UploadProgress } from '../api/upload';
import type { UsageImportRow } from '../api/usageImportsApi';

/** How far an upload or import is: a percentage (null: not known, the bar moves without one) and what it is doing. */
export interface ProgressStep {
  percent: number | null;
  text: string;
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, Math.floor((part / whole) * 100))) : 0);

/** '45 %'. */
export const percentText = (percent: number) => `${formatDecimal(percent, 0)} %`;

/** 'nog ongeveer 12 seconden', 'nog ongeveer 1 minuut', 'nog ongeveer 2 minuten'. */
export const timeLeftText = (seconds: number): string => {
  if (seconds < 60) {
    const whole = Math.max(1, Math.round(seconds));
    return `nog ongeveer ${formatDecimal(whole, 0)} ${whole === 1 ? 'seconde' : 'seconden'}`;
  }
  const minutes = Math.round(seconds / 60);
  return `nog ongeveer ${formatDecimal(minutes, 0)} ${minutes === 1 ? 'minuut' : 'minuten'}`;
};

/** The upload of the file: 'Bestand uploaden: 45 %'. */
export const uploadStep = ({ loaded, total }: UploadProgress): ProgressStep => {
  const percent = percentOf(loaded, total);
  return { percent, text: `Bestand uploaden: ${percentText(percent)}` };
};

type JobProgress = Pick<UsageImportRow, 'phase' | 'bytes_read' | 'bytes_total' | 'records_processed' | 'seconds_left'>;

/**
 * A running import: checking its lines ('Regels controleren: 120.000 verwerkt, nog ongeveer 12
 * seconden', on the share of the file read), then storing them (no share known).
 */
export const importStep = ({ phase, bytes_read, bytes_total, records_processed, seconds_left }: JobProgress): ProgressStep => {
  if (phase === 'storing') return { percent: null, text: 'Opslaan in de database…' };
  const checked = `Regels controleren: ${formatDecimal(records_processed, 0)} verwerkt`;
  return {
    percent: percentOf(bytes_read, bytes_total),
    text: seconds_left === null ? checked : `${checked}, ${timeLeftText(seconds_left)}`,
  };
};

interface ImportProgressProps {
  /** Names the bar for assistive technology, e.g. 'Voortgang van de import'. */
  label: string;
  step: ProgressStep;
  /** A line under the text, e.g. that leaving the page does not stop the import. */
  note?: string;
  sx?: SxProps<Theme>;
}

/** A bar with what is happening under it: determinate with a percentage, else moving. */
export function ImportProgress({ label, step, note, sx = { mt: 3 } }: ImportProgressProps) {
  const determinate = step.percent !== null;
  return (
    <Box sx={[{ maxWidth: 720 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <LinearProgress
        variant={determinate ? 'determinate' : 'indeterminate'}
        value={step.percent ?? undefined}
        aria-label={label}
        aria-valuetext={step.text}
      />
      <Typography sx={{ mt: 1 }}>{step.text}</Typography>
      {note && (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}
