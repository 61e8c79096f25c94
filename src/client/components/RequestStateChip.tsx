import { Chip } from '@mui/material';
import { REQUEST_STATE_LABELS, type RequestState } from '../../domain/requests';

const COLOR: Record<RequestState, 'warning' | 'info' | 'primary' | 'success' | 'error' | 'default'> = {
  awaiting_approval: 'warning',
  submitted: 'info',
  in_progress: 'primary',
  done: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/**
 * A request's state in Dutch (docs/requests.md, 'States'): the colour in the border, the text in
 * the text colour (orange and light blue text on white lack contrast, WCAG AA).
 */
export function RequestStateChip({ state }: { state: RequestState }) {
  return <Chip size="small" variant="outlined" color={COLOR[state]} label={REQUEST_STATE_LABELS[state]} sx={{ color: 'text.primary' }} />;
}
