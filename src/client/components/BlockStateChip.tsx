import { Chip } from '@mui/material';
import { BLOCK_STATE_LABELS, type BlockState } from '../../domain/requests';

/**
 * docs/requests.md, 'Blocking': an afname shows 'Geblokkeerd (aangevraagd)' from the moment the
 * block is asked and 'Geblokkeerd' once carried out; nothing while it is not blocked.
 */
export function BlockStateChip({ blockState }: { blockState: BlockState | null | undefined }) {
  if (!blockState) return null;
  return (
    <Chip
      size="small"
      color="error"
      // Asked: outlined; carried out: filled. (The warning colour's orange lacks contrast on white, WCAG AA.)
      variant={blockState === 'blocked' ? 'filled' : 'outlined'}
      label={BLOCK_STATE_LABELS[blockState]}
    />
  );
}
