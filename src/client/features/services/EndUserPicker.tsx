import { FormLabel, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import Select, { type StylesConfig } from 'react-select';
import { MSG } from '../../../domain/messages';
import { END_USER_OPTIONS_LIMIT, type EndUser, endUsersAdapter, useGetEndUserOptionsQuery } from './servicesApi';
import { useSettledValue } from '../../base/useSettledValue';

/** The menu shows at most this many end users; the server finds them (a big customer has 20,000). */
export const MAX_END_USER_OPTIONS = END_USER_OPTIONS_LIMIT - 1;

/** Typing pauses this long before the server is asked. */
export const SEARCH_DELAY_MS = 250;

export interface EndUserOption {
  value: number;
  label: string;
  isDisabled?: boolean;
}

const { selectAll: selectAllEndUsers } = endUsersAdapter.getSelectors();

/** The first matches, plus a hint when the server found more. */
export const endUserOptions = (endUsers: readonly EndUser[]): EndUserOption[] => {
  const options: EndUserOption[] = endUsers
    .slice(0, MAX_END_USER_OPTIONS)
    .map((endUser) => ({ value: endUser.id, label: `${endUser.firstname} ${endUser.lastname}`.trim() }));
  if (endUsers.length > MAX_END_USER_OPTIONS) {
    options.push({ value: -1, label: 'Meer eindgebruikers gevonden: typ verder om te zoeken', isDisabled: true });
  }
  return options;
};

interface EndUserPickerProps {
  inputId: string;
  value: EndUserOption | null;
  onChange: (option: EndUserOption | null) => void;
}

/** 'Bestaande gebruiker': searches the company's end users on the server as the user types (docs/screens.md, 'Adding a service'). */
export function EndUserPicker({ inputId, value, onChange }: EndUserPickerProps) {
  const [term, setTerm] = useState('');
  const searchTerm = useSettledValue(term.trim(), SEARCH_DELAY_MS);
  // While a new term is asked for, the previous answer stays in the menu.
  const { data, isFetching } = useGetEndUserOptionsQuery(searchTerm);
  const options = useMemo(() => endUserOptions(data ? selectAllEndUsers(data) : []), [data]);
  const theme = useTheme();

  const styles: StylesConfig<EndUserOption, false> = {
    control: (base, state) => ({
      ...base,
      minHeight: 56,
      borderColor: state.isFocused ? theme.palette.primary.main : theme.palette.grey[500],
      boxShadow: state.isFocused ? `0 0 0 1px ${theme.palette.primary.main}` : 'none',
    }),
    placeholder: (base) => ({ ...base, color: theme.palette.text.secondary }),
    menu: (base) => ({ ...base, zIndex: theme.zIndex.modal }),
    option: (base, state) => ({ ...base, color: state.isDisabled ? theme.palette.text.secondary : base.color }),
  };

  return (
    <Stack spacing={1} sx={{ maxWidth: 640 }}>
      <FormLabel htmlFor={inputId} required sx={{ color: 'text.primary' }}>
        Eindgebruiker
      </FormLabel>
      <Select<EndUserOption, false>
        inputId={inputId}
        options={options}
        value={value}
        onChange={onChange}
        onInputChange={setTerm}
        filterOption={null}
        isClearable
        isLoading={isFetching || term.trim() !== searchTerm}
        placeholder="Zoek op naam…"
        loadingMessage={() => MSG.loading}
        noOptionsMessage={() => 'Geen eindgebruikers gevonden.'}
        styles={styles}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Typ een deel van de naam om te zoeken.
      </Typography>
    </Stack>
  );
}
