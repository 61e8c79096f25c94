import { Box, Link } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { EndUserListItem } from './companyApi';

const ROW_HEIGHT = 40;
const MAX_HEIGHT = 480;
/** Rows rendered above and below the visible ones, so scrolling and tabbing stay smooth. */
const OVERSCAN = 10;

interface EndUserListProps {
  /** Id of the heading that names the list. */
  labelledBy: string;
  endUsers: readonly EndUserListItem[];
}

/**
 * The end users as a list of links, rendering only the rows in view: a big customer has 20,000.
 * Screen readers still learn the full size (aria-setsize), and tabbing onto a link scrolls it
 * into view, which moves the window along. A new list (another filter) starts at the top.
 */
export function EndUserList({ labelledBy, endUsers }: EndUserListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);

  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [endUsers]);

  const height = Math.min(MAX_HEIGHT, endUsers.length * ROW_HEIGHT + 2);
  const first = Math.min(endUsers.length, Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN));
  const last = Math.min(endUsers.length, first + Math.ceil(height / ROW_HEIGHT) + 2 * OVERSCAN);

  return (
    <Box
      ref={scroller}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      sx={{ maxHeight: height, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Box sx={{ position: 'relative', height: endUsers.length * ROW_HEIGHT }}>
        <Box
          component="ul"
          aria-labelledby={labelledBy}
          sx={{ position: 'absolute', top: first * ROW_HEIGHT, left: 0, right: 0, m: 0, p: 0, listStyle: 'none' }}
        >
          {endUsers.slice(first, last).map((endUser, offset) => (
            <Box
              component="li"
              key={endUser.id}
              aria-setsize={endUsers.length}
              aria-posinset={first + offset + 1}
              sx={{ height: ROW_HEIGHT, display: 'flex', alignItems: 'center', px: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Link component={RouterLink} to={paths.endUser(endUser)} noWrap>
                {`${endUser.firstname} ${endUser.lastname}`}
              </Link>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
