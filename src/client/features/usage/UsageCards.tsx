import { Button, styled, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatBytes, formatDuration, formatEuro } from '../../../domain/format';
import { endUserName, formatCount } from './reportModel';
import type { ReportRow } from './usageApi';

/** Cards added at a time as the list's end comes near. */
const CARD_STEP = 50;

/** How far below the screen the list's end starts the next cards: about three screens of a phone. */
const AHEAD = '2400px';

/**
 * The cards are plain elements styled once through their list (as VirtualTable's rows are): a
 * phone scrolling through hundreds of numbers should not pay for several MUI components per card.
 * The name is the card's link, and its hit area covers the whole card.
 */
const List = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(1.5),
  '& > li': {
    position: 'relative',
    minHeight: 132,
    boxSizing: 'border-box',
    padding: theme.spacing(1.5, 2),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.paper,
  },
  '& > li:hover': { backgroundColor: theme.palette.action.hover },
  '& > li.loading': { color: theme.palette.text.secondary, ...theme.typography.body2 },
  '& a.name': {
    ...theme.typography.body1,
    display: 'block',
    fontWeight: 600,
    color: theme.palette.primary.main,
    textDecoration: 'underline',
    textDecorationColor: theme.alpha(theme.palette.primary.main, 0.4),
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: theme.shape.borderRadius },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '& p.line': {
    ...theme.typography.body2,
    margin: '2px 0 0',
    color: theme.palette.text.secondary,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& dl': { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: theme.spacing(0.5, 2), margin: theme.spacing(1, 0, 0) },
  '& dl > div': { display: 'flex', justifyContent: 'space-between', gap: theme.spacing(1), minWidth: 0 },
  '& dt': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& dd': { ...theme.typography.body2, margin: 0, fontWeight: 600, whiteSpace: 'nowrap', textAlign: 'right' },
}));

function UsageCard({ row, href }: { row: ReportRow; href: string }) {
  return (
    <li>
      <RouterLink className="name" to={href}>
        {endUserName(row)}
      </RouterLink>
      <p className="line">{row.mobile_number}</p>
      <p className="line">{row.product_name}</p>
      <dl>
        <div>
          <dt>Data</dt>
          <dd>{formatBytes(row.data)}</dd>
        </div>
        <div>
          <dt>Beltijd</dt>
          <dd>{formatDuration(row.call_seconds)}</dd>
        </div>
        <div>
          <dt>SMS</dt>
          <dd>{formatCount(row.sms)}</dd>
        </div>
        <div>
          <dt>Totaal</dt>
          <dd>{formatEuro(String(row.total_price))}</dd>
        </div>
      </dl>
    </li>
  );
}

interface UsageCardsProps {
  /** Id of the heading that names the list. */
  labelledBy: string;
  /** All numbers, loaded or not. */
  rowCount: number;
  /** A loaded row, or undefined while its window is on its way (useQueryWindows). */
  rowAt: (index: number) => ReportRow | undefined;
  /** The cards rendered now, [0, end): the rows to load. */
  onRangeChange: (start: number, end: number) => void;
  rowHref: (row: ReportRow) => string;
}

/**
 * The report's numbers as cards, for a phone (docs/screens.md, 'Verbruik'): the first CARD_STEP,
 * and CARD_STEP more each time the list's end comes within AHEAD of the screen (or 'Meer tonen' is
 * pressed), so thousands of numbers are neither loaded nor rendered at once. Cards stay once
 * shown: the page keeps its height, and the keyboard and the browser's find see them all.
 */
export function UsageCards({ labelledBy, rowCount, rowAt, onRangeChange, rowHref }: UsageCardsProps) {
  const [shown, setShown] = useState(Math.min(rowCount, CARD_STEP));
  const end = useRef<HTMLDivElement>(null);
  const more = useCallback(() => setShown((count) => Math.min(rowCount, count + CARD_STEP)), [rowCount]);

  useEffect(() => {
    if (shown > 0) onRangeChange(0, shown);
  }, [shown, onRangeChange]);

  // Observed anew after each step: a list's end that is still near asks the next step at once.
  useEffect(() => {
    const element = end.current;
    if (!element || shown >= rowCount || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more();
    }, { rootMargin: `0px 0px ${AHEAD} 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, rowCount, more]);

  return (
    <>
      <List aria-labelledby={labelledBy}>
        {Array.from({ length: shown }, (_, index) => {
          const row = rowAt(index);
          if (row === undefined) {
            return (
              <li key={`laden-${index}`} className="loading" aria-busy="true">
                Laden...
              </li>
            );
          }
          return <UsageCard key={`${row.id}-${row.mobile_number}`} row={row} href={rowHref(row)} />;
        })}
      </List>
      <div ref={end} />
      {shown < rowCount && (
        <Typography component="div" variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1.5, color: 'text.secondary' }}>
          {`${formatCount(shown)} van ${formatCount(rowCount)} getoond`}
          <Button variant="outlined" onClick={more}>
            Meer tonen
          </Button>
        </Typography>
      )}
    </>
  );
}
