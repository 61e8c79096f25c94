import { FormControl, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useId } from 'react';

interface InputFieldProps extends Pick<OutlinedInputProps, 'name' | 'type' | 'autoComplete' | 'required' | 'value' | 'onChange'> {
  label: string;
}

/**
 * An outlined text field as MUI's TextField renders one (FormControl, InputLabel, OutlinedInput with
 * the label in its outline's notch), without TextField itself: TextField imports its select mode
 * (Select, Menu, Popover, Modal) wherever it is used, about 17 kB gzip that a page of plain text
 * fields never runs. The login page uses it (docs/performance.md, 'The first render's JavaScript').
 */
export function InputField({ label, required, ...input }: InputFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      {/* The notch leaves room for the label with its asterisk, as TextField's does. */}
      <OutlinedInput id={id} label={required ? `${label} *` : label} {...input} />
    </FormControl>
  );
}
