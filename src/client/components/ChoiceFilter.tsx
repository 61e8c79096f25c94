import { TextField } from '@mui/material';

interface ChoiceFilterProps {
  label: string;
  /** The chosen value; '' for the first choice (usually 'all'). */
  value: string;
  onChange: (value: string) => void;
  /** Value and label of each choice, in order. */
  choices: readonly (readonly [value: string, label: string])[];
  minWidth?: number;
  size?: 'small' | 'medium';
  id?: string;
}

/** A list's filter: a native select (keyboard and phone friendly) with its label always above it. */
export function ChoiceFilter({ label, value, onChange, choices, minWidth = 200, size, id }: ChoiceFilterProps) {
  return (
    <TextField
      select
      id={id}
      size={size}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth }}
    >
      {choices.map(([choice, text]) => (
        <option key={choice} value={choice}>
          {text}
        </option>
      ))}
    </TextField>
  );
}
