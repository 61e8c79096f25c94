import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, type SxProps, TextField, type Theme } from '@mui/material';

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  helperText?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/** A labelled search box (role searchbox) with the search icon, filtering what is shown below it. */
export function SearchField({ label, value, onChange, helperText, size, sx }: SearchFieldProps) {
  return (
    <TextField
      type="search"
      size={size}
      label={label}
      helperText={helperText}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
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
  );
}
