import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../domain/messages';

interface SearchBoxProps {
  /** Names the search landmark; each one on a page needs its own name. */
  landmarkLabel: string;
  size?: 'small' | 'large';
}

/** Search across products and services: Enter opens /zoek/{term}. */
export function SearchBox({ landmarkLabel, size = 'small' }: SearchBoxProps) {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    navigate(trimmed ? `/zoek/${encodeURIComponent(trimmed)}` : '/zoek');
  };

  return (
    <Box component="form" role="search" aria-label={landmarkLabel} onSubmit={search} sx={{ width: '100%' }}>
      <TextField
        type="search"
        fullWidth
        size={size === 'small' ? 'small' : 'medium'}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={MSG.searchPlaceholder}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        slotProps={{
          htmlInput: { 'aria-label': MSG.searchPlaceholder },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
