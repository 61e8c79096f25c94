import { Stack, TableSortLabel, Typography } from '@mui/material';
import type { EntityState } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDecimal } from '../../../domain/format';
import { TOUCH, TOUCH_SIZE } from '../../base/theme';
import { evenWindows, useQueryWindows } from '../../base/useQueryWindows';
import { type Sort, useSortParam } from '../../base/useSortParam';
import { PageLoading } from '../../components/PageLoading';
import { SearchField } from '../../components/SearchField';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { companyApi, endUsersAdapter, type EndUserListItem, type EndUsersWindow, useGetEndUserCountQuery } from './companyApi';
import { EndUserList } from './EndUserList';
import { useSettledValue } from '../../base/useSettledValue';

const HEADING_ID = 'eindgebruikers-titel';

/** End users per request while scrolling. */
export const END_USERS_WINDOW = 200;
/** Typing pauses this long before the server is asked. */
export const END_USER_SEARCH_DELAY_MS = 250;

const count = (n: number) => `${formatDecimal(n, 0)} ${n === 1 ? 'eindgebruiker' : 'eindgebruikers'}`;

const windowArgs = (term: string, order: EndUsersWindow['order'], offset: number): EndUsersWindow => ({
  term,
  ...(order ? { order } : {}),
  offset,
  limit: END_USERS_WINDOW,
});

/** The list's orders: the address's name and the server's column (docs/screens.md, 'End users'). */
const SERVER_SORTS = { achternaam: 'lastname', voornaam: 'firstname' } as const;
type EndUserSortKey = keyof typeof SERVER_SORTS;
const SORT_KEYS = Object.keys(SERVER_SORTS) as EndUserSortKey[];
const SORT_LABELS: Record<EndUserSortKey, string> = { achternaam: 'Achternaam', voornaam: 'Voornaam' };
const DEFAULT_SORT: Sort<EndUserSortKey> = { key: 'achternaam', direction: 'asc' };

/** The server's order for the list's; none for the usual one, so that window is the one cached as before. */
const serverOrderOf = ({ key, direction }: Sort<EndUserSortKey>): EndUsersWindow['order'] =>
  key === DEFAULT_SORT.key && direction === DEFAULT_SORT.direction ? undefined : { sort: SERVER_SORTS[key], order: direction };

/**
 * The list has no column headers, so its order is chosen with these: a click sorts by that name,
 * a second click turns the order around ('Sorting'); the chosen one says which way.
 */
function SortButtons({ sort, sortBy }: { sort: Sort<EndUserSortKey>; sortBy: (key: EndUserSortKey) => void }) {
  return (
    <Stack direction="row" role="group" aria-label="Sorteren" sx={{ gap: 2, alignItems: 'center' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Sorteren op
      </Typography>
      {SORT_KEYS.map((key) => {
        const active = sort.key === key;
        const state = active ? (sort.direction === 'asc' ? 'oplopend' : 'aflopend') : 'niet gesorteerd';
        return (
          <TableSortLabel
            key={key}
            active={active}
            direction={active ? sort.direction : 'asc'}
            onClick={() => sortBy(key)}
            aria-label={`${SORT_LABELS[key]}, ${state}`}
            sx={{ [TOUCH]: { minHeight: TOUCH_SIZE } }}
          >
            {SORT_LABELS[key]}
          </TableSortLabel>
        );
      })}
    </Stack>
  );
}

const { selectById } = endUsersAdapter.getSelectors();

/** The query string's name of the end user search, so a reload or a shared link keeps it. */
const SEARCH_PARAM = 'eindgebruiker';

/**
 * The search term as typed, starting from the address's; once typing has settled it is written
 * back there (replacing the entry: the back button leaves the screen, not each search).
 */
const useAddressTerm = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const [term, setTerm] = useState(() => searchParams.get(SEARCH_PARAM) ?? '');
  const settled = useSettledValue(term.trim(), END_USER_SEARCH_DELAY_MS);
  const inAddress = searchParams.get(SEARCH_PARAM) ?? '';
  useEffect(() => {
    if (settled === inAddress) return;
    setSearchParams(
      (params) => {
        if (settled) params.set(SEARCH_PARAM, settled);
        else params.delete(SEARCH_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [settled, inAddress, setSearchParams]);
  return [term, setTerm] as const;
};

/** The end user at an index of a window's answer. */
const endUserOfWindow = (window: EntityState<EndUserListItem, number>, index: number): EndUserListItem | undefined => {
  const id = window.ids[index];
  return id === undefined ? undefined : selectById(window, id);
};

/**
 * The end users matching `term` in `order`, in windows of END_USERS_WINDOW as the list shows them
 * (`GET /end-users/all?term&sort&order&offset&limit`, held while the list is open; an import invalidates them).
 */
const useEndUserWindows = (term: string, order: EndUsersWindow['order']) => {
  const { rowAt, onRangeChange } = useQueryWindows(
    companyApi.endpoints.getEndUsersWindow,
    // Another order is another list: its windows start over from the first.
    `${term}/${order ? `${order.sort}/${order.order}` : ''}`,
    evenWindows(END_USERS_WINDOW, (offset) => windowArgs(term, order, offset)),
    endUserOfWindow,
  );
  return { endUserAt: rowAt, onRangeChange };
};

/**
 * The company's end users, searched and sorted on the server (every typed word in the name, any
 * order and case; by surname or first name) and loaded in windows while scrolling; each opens the
 * end user page.
 */
export function EndUsersSection() {
  const [term, setTerm] = useAddressTerm();
  const searchTerm = useSettledValue(term.trim(), END_USER_SEARCH_DELAY_MS);
  const all = useGetEndUserCountQuery('');
  // While a new term is asked for, the previous count stays.
  const matching = useGetEndUserCountQuery(searchTerm);
  const total = all.data ?? 0;
  const shown = searchTerm ? matching.data : total;
  const { sort, sortBy } = useSortParam(SORT_KEYS, DEFAULT_SORT);
  const { endUserAt, onRangeChange } = useEndUserWindows(searchTerm, serverOrderOf(sort));

  return (
    <Section id={HEADING_ID} title="Eindgebruikers">
      <TableStates
        isLoading={all.isLoading}
        isError={all.isError || matching.isError}
        errorText="De eindgebruikers konden niet worden geladen. Probeer het later opnieuw."
        isEmpty={total === 0}
        emptyText="Er zijn nog geen eindgebruikers."
      >
        <Stack spacing={1.5}>
          <SearchField label="Zoek eindgebruiker" value={term} onChange={setTerm} sx={{ maxWidth: 400 }} />
          {shown === undefined ? (
            <PageLoading />
          ) : (
            <>
              <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
                {searchTerm ? `${count(shown)} van ${formatDecimal(total, 0)}` : count(total)}
              </Typography>
              {shown === 0 ? (
                <Typography>Geen eindgebruikers gevonden.</Typography>
              ) : (
                <>
                  <SortButtons sort={sort} sortBy={sortBy} />
                  {/* A new term starts a new list, at the top. */}
                  <EndUserList key={searchTerm} labelledBy={HEADING_ID} count={shown} endUserAt={endUserAt} onRangeChange={onRangeChange} />
                </>
              )}
            </>
          )}
        </Stack>
      </TableStates>
    </Section>
  );
}
