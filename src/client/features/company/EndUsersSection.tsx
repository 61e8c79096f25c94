import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { shallowEqual } from 'react-redux';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatDecimal } from '../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../components/PageLoading';
import { companyApi, endUsersAdapter, type EndUserListItem, type EndUsersWindow, useGetEndUserCountQuery } from './companyApi';
import { EndUserList } from './EndUserList';
import { Section } from './Section';

const HEADING_ID = 'eindgebruikers-titel';

/** End users per request while scrolling. */
export const END_USERS_WINDOW = 200;
/** Typing pauses this long before the server is asked. */
export const END_USER_SEARCH_DELAY_MS = 250;

const count = (n: number) => `${formatDecimal(n, 0)} ${n === 1 ? 'eindgebruiker' : 'eindgebruikers'}`;

const windowArgs = (term: string, page: number): EndUsersWindow => ({ term, offset: page * END_USERS_WINDOW, limit: END_USERS_WINDOW });

const { selectById } = endUsersAdapter.getSelectors();

/** `value`, once it has not changed for `delayMs`. */
const useSettledValue = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * The end users matching `term`, in windows of END_USERS_WINDOW as the list shows them
 * (`GET /end-users/all?term&offset&limit`, cached by RTK Query by its arguments and held while
 * the list is open; an import invalidates them). `endUserAt` answers undefined until its window came.
 */
const useEndUserWindows = (term: string) => {
  const dispatch = useAppDispatch();
  const [asked, setAsked] = useState<{ term: string; pages: number[] }>({ term, pages: [0] });
  const pages = useMemo(() => (asked.term === term ? asked.pages : [0]), [asked, term]);
  const subscriptions = useRef(new Map<number, { unsubscribe: () => void }>());

  // Another term: let go of the old windows.
  useEffect(() => {
    const held = subscriptions.current;
    return () => {
      held.forEach((subscription) => subscription.unsubscribe());
      held.clear();
    };
  }, [term]);

  useEffect(() => {
    for (const page of pages) {
      if (subscriptions.current.has(page)) continue;
      subscriptions.current.set(page, dispatch(companyApi.endpoints.getEndUsersWindow.initiate(windowArgs(term, page))));
    }
  }, [dispatch, pages, term]);

  const windows = useAppSelector(
    (state) => pages.map((page) => companyApi.endpoints.getEndUsersWindow.select(windowArgs(term, page))(state).data),
    shallowEqual,
  );
  const byPage = useMemo(() => new Map(pages.map((page, i) => [page, windows[i]])), [pages, windows]);

  const endUserAt = useCallback(
    (index: number): EndUserListItem | undefined => {
      const page = Math.floor(index / END_USERS_WINDOW);
      const data = byPage.get(page);
      const id = data?.ids[index - page * END_USERS_WINDOW];
      return data && id !== undefined ? selectById(data, id) : undefined;
    },
    [byPage],
  );

  const onRangeChange = useCallback(
    (start: number, end: number) => {
      const wanted: number[] = [];
      for (let page = Math.floor(start / END_USERS_WINDOW); page <= Math.floor(Math.max(start, end - 1) / END_USERS_WINDOW); page++) {
        wanted.push(page);
      }
      setAsked((current) => {
        const have = current.term === term ? current.pages : [0];
        const missing = wanted.filter((page) => !have.includes(page));
        return missing.length === 0 && current.term === term ? current : { term, pages: [...have, ...missing] };
      });
    },
    [term],
  );

  return { endUserAt, onRangeChange };
};

/**
 * The company's end users, searched on the server (every typed word in the name, any order and
 * case) and loaded in windows while scrolling; each opens the end user page.
 */
export function EndUsersSection() {
  const [term, setTerm] = useState('');
  const searchTerm = useSettledValue(term.trim(), END_USER_SEARCH_DELAY_MS);
  const all = useGetEndUserCountQuery('');
  // While a new term is asked for, the previous count stays.
  const matching = useGetEndUserCountQuery(searchTerm);
  const total = all.data ?? 0;
  const shown = searchTerm ? matching.data : total;
  const { endUserAt, onRangeChange } = useEndUserWindows(searchTerm);

  const body = () => {
    if (all.isLoading) return <PageLoading />;
    if (all.isError || matching.isError) return <Typography>De eindgebruikers konden niet worden geladen. Probeer het later opnieuw.</Typography>;
    if (total === 0) return <Typography>Er zijn nog geen eindgebruikers.</Typography>;
    return (
      <Stack spacing={1.5}>
        <TextField
          type="search"
          label="Zoek eindgebruiker"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          sx={{ maxWidth: 400 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
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
    );
  };

  return (
    <Section id={HEADING_ID} title="Eindgebruikers">
      {body()}
    </Section>
  );
}
