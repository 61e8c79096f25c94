import { FormLabel, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useDeferredValue, useMemo, useState } from 'react';
import Select, { type StylesConfig } from 'react-select';
import { formatDecimal } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { useAppSelector } from '../../app/hooks';
import { selectEndUserOptions } from './selectors';
import { type EndUser, useGetEndUserOptionsQuery } from './servicesApi';

/** A big customer has 20,000 end users: the menu shows at most this many matches. */
export const MAX_END_USER_OPTIONS = 100;

export interface EndUserOption {
  value: number;
  label: string;
  isDisabled?: boolean;
}

interface SearchableEndUser {
  option: EndUserOption;
  text: string;
}

const searchable = (endUser: EndUser): SearchableEndUser => {
  const label = `${endUser.firstname} ${endUser.lastname}`.trim();
  return { option: { value: endUser.id, label }, text: label.toLowerCase() };
};

/** The first matches of every typed word, plus a hint when more users match. */
export const matchingOptions = (endUsers: readonly SearchableEndUser[], term: string): EndUserOption[] => {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const options: EndUserOption[] = [];
  let more = 0;
  for (const endUser of endUsers) {
    if (!words.every((word) => endUser.text.includes(word))) continue;
    if (options.length < MAX_END_USER_OPTIONS) options.push(endUser.option);
    else more += 1;
  }
  if (more > 0) {
    options.push({ value: -1, label: `Nog ${formatDecimal(more, 0)} gebruikers: typ verder om te zoeken`, isDisabled: true });
  }
  return options;
};

interface EndUserPickerProps {
  inputId: string;
  value: EndUserOption | null;
  onChange: (option: EndUserOption | null) => void;
}

/** 'Bestaande gebruiker': searches the company's end users in the browser (spec section 2). */
export function EndUserPicker({ inputId, value, onChange }: EndUserPickerProps) {
  const { isLoading } = useGetEndUserOptionsQuery();
  const endUsers = useAppSelector(selectEndUserOptions);
  const searchableUsers = useMemo(() => endUsers.map(searchable), [endUsers]);
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const options = useMemo(() => matchingOptions(searchableUsers, deferredTerm), [searchableUsers, deferredTerm]);
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
        isLoading={isLoading}
        placeholder="Zoek op naam…"
        loadingMessage={() => MSG.loading}
        noOptionsMessage={() => 'Geen gebruikers gevonden.'}
        styles={styles}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {endUsers.length > MAX_END_USER_OPTIONS
          ? `${formatDecimal(endUsers.length, 0)} gebruikers; typ een deel van de naam om te zoeken.`
          : 'Kies een gebruiker uit de lijst.'}
      </Typography>
    </Stack>
  );
}
