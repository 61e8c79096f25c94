import { Stack, Typography } from '@mui/material';
import type { EntityState } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDecimal } from '../../../domain/format';
import { evenWindows, useQueryWindows } from '../../base/useQueryWindows';
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

const windowArgs = (term: string, offset: number): EndUsersWindow => ({ term, offset, limit: END_USERS_WINDOW });

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
 * The end users matching `term`, in windows of END_USERS_WINDOW as the list shows them
 * (`GET /end-users/all?term&offset&limit`, held while the list is open; an import invalidates them).
 */
const useEndUserWindows = (term: string) => {
  const { rowAt, onRangeChange } = useQueryWindows(
    companyApi.endpoints.getEndUsersWindow,
    term,
    evenWindows(END_USERS_WINDOW, (offset) => windowArgs(term, offset)),
    endUserOfWindow,
  );
  return { endUserAt: rowAt, onRangeChange };
};

/**
 * The company's end users, searched on the server (every typed word in the name, any order and
 * case) and loaded in windows while scrolling; each opens the end user page.
 */
export function EndUsersSection() {
  const [term, setTerm] = useAddressTerm();
  const searchTerm = useSettledValue(term.trim(), END_USER_SEARCH_DELAY_MS);
  const all = useGetEndUserCountQuery('');
  // While a new term is asked for, the previous count stays.
  const matching = useGetEndUserCountQuery(searchTerm);
  const total = all.data ?? 0;
  const shown = searchTerm ? matching.data : total;
  const { endUserAt, onRangeChange } = useEndUserWindows(searchTerm);

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
                // A new term starts a new list, at the top.
                <EndUserList key={searchTerm} labelledBy={HEADING_ID} count={shown} endUserAt={endUserAt} onRangeChange={onRangeChange} />
              )}
            </>
          )}
        </Stack>
      </TableStates>
    </Section>
  );
}
