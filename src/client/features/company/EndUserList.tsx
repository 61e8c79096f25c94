import { Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../base/paths';
import type { EndUserListItem } from './companyApi';

const ROW_HEIGHT = 40;
const MAX_HEIGHT = 480;
/** Rows rendered above and below the visible ones, so scrolling and tabbing stay smooth. */
const OVERSCAN = 10;

interface EndUserListProps {
  /** Id of the heading that names the list. */
  labelledBy: string;
  /** How many end users the list has, loaded or not. */
  count: number;
  /** The end user at `index`, or undefined while its window is on its way ("Laden..."). */
  endUserAt: (index: number) => EndUserListItem | undefined;
  /** The rows rendered now, [start, end) with the margin: the ones to load. */
  onRangeChange: (start: number, end: number) => void;
}

/**
 * The end users as a list of links, rendering only the rows in view: a big customer has 20,000,
 * loaded in windows as they come into view. Screen readers still learn the full size
 * (aria-setsize), and tabbing onto a link scrolls it into view, which moves the window along.
 * A new list (another search) is a new component, so it starts at the top.
 */
export function EndUserList({ labelledBy, count, endUserAt, onRangeChange }: EndUserListProps) {
  const [scrollTop, setScrollTop] = useState(0);

  const height = Math.min(MAX_HEIGHT, count * ROW_HEIGHT + 2);
  const first = Math.min(count, Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN));
  const last = Math.min(count, first + Math.ceil(height / ROW_HEIGHT) + 2 * OVERSCAN);

  useEffect(() => {
    if (last > first) onRangeChange(first, last);
  }, [first, last, onRangeChange]);

  return (
    <Box
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      sx={{ maxHeight: height, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Box sx={{ position: 'relative', height: count * ROW_HEIGHT }}>
        <Box
          component="ul"
          aria-labelledby={labelledBy}
          sx={{ position: 'absolute', top: first * ROW_HEIGHT, left: 0, right: 0, m: 0, p: 0, listStyle: 'none' }}
        >
          {Array.from({ length: last - first }, (_, offset) => {
            const index = first + offset;
            const endUser = endUserAt(index);
            return (
              <Box
                component="li"
                key={endUser ? endUser.id : `laden-${index}`}
                aria-setsize={count}
                aria-posinset={index + 1}
                aria-busy={endUser ? undefined : true}
                sx={{ height: ROW_HEIGHT, display: 'flex', alignItems: 'center', px: 2, borderBottom: 1, borderColor: 'divider' }}
              >
                {endUser ? (
                  // The whole row is the link's touch target.
                  <Link component={RouterLink} to={paths.endUser(endUser)} noWrap sx={{ display: 'block', flexGrow: 1, lineHeight: `${ROW_HEIGHT}px` }}>
                    {`${endUser.firstname} ${endUser.lastname}`}
                  </Link>
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    Laden...
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
