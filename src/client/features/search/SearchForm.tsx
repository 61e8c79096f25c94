import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { paths } from '../../base/paths';

/**
 * The search box of the results screen. Unlike the header's, it starts with the current term so
 * that the user can refine it; a new search starts again at page 1.
 */
export function SearchForm({ term }: { term: string }) {
  const [value, setValue] = useState(term);
  const navigate = useNavigate();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    navigate(paths.search(trimmed));
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Zoeken in de resultaten"
      onSubmit={search}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 640, mb: 4 }}
    >
      <TextField
        id="zoekterm"
        type="search"
        label={MSG.searchPlaceholder}
        fullWidth
        value={value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ height: 56 }}>
        Zoeken
      </Button>
    </Box>
  );
}
