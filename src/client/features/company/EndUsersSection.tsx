import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { formatDecimal } from '../../../domain/format';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../components/PageLoading';
import { type EndUserListItem, selectEndUsers, useGetEndUsersQuery } from './companyApi';
import { EndUserList } from './EndUserList';
import { Section } from './Section';

const HEADING_ID = 'eindgebruikers-titel';

/** The end users whose name contains every typed word, in any order and case. */
export const filterEndUsers = (endUsers: readonly EndUserListItem[], names: readonly string[], term: string) => {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return endUsers;
  return endUsers.filter((_endUser, index) => words.every((word) => names[index].includes(word)));
};

const count = (n: number) => `${formatDecimal(n, 0)} ${n === 1 ? 'eindgebruiker' : 'eindgebruikers'}`;

/** Every end user of the company, filtered in the browser; each opens the end user page. */
export function EndUsersSection() {
  const { isLoading, isError } = useGetEndUsersQuery();
  const endUsers = useAppSelector(selectEndUsers);
  const names = useMemo(() => endUsers.map((endUser) => `${endUser.firstname} ${endUser.lastname}`.toLowerCase()), [endUsers]);
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const shown = useMemo(() => filterEndUsers(endUsers, names, deferredTerm), [endUsers, names, deferredTerm]);

  const body = () => {
    if (isLoading) return <PageLoading />;
    if (isError) return <Typography>De eindgebruikers konden niet worden geladen. Probeer het later opnieuw.</Typography>;
    if (endUsers.length === 0) return <Typography>Er zijn nog geen eindgebruikers.</Typography>;
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
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
          {shown.length === endUsers.length ? count(endUsers.length) : `${count(shown.length)} van ${formatDecimal(endUsers.length, 0)}`}
        </Typography>
        {shown.length === 0 ? (
          <Typography>Geen eindgebruikers gevonden.</Typography>
        ) : (
          <EndUserList labelledBy={HEADING_ID} endUsers={shown} />
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
