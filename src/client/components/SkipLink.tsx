import { Link } from '@mui/material';
import { visuallyHidden } from './visuallyHidden';

const shownOnFocus = {
  position: 'fixed',
  top: 8,
  left: 8,
  width: 'auto',
  height: 'auto',
  margin: 0,
  clip: 'auto',
  p: 1,
  zIndex: 'tooltip',
  bgcolor: 'background.paper',
} as const;

/** Lets keyboard users jump past the header and menu; visible only while focused. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <Link href={`#${targetId}`} sx={{ ...visuallyHidden, '&:focus': shownOnFocus }}>
      Naar de inhoud
    </Link>
  );
}
