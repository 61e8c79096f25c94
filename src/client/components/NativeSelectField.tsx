import { FormControl, InputLabel, NativeSelect, OutlinedInput, type SxProps, type Theme } from '@mui/material';
import { type ChangeEvent, type ReactNode, useId } from 'react';

interface NativeSelectFieldProps {
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLSelectElement>): void;
  /** The `<option>`s. */
  children: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * An outlined native select as `<TextField select slotProps={{ select: { native: true } }}>` renders
 * one, without TextField and its Select (Menu, Popover, Modal), as InputField.tsx does for text
 * fields. The dashboard's month uses it (docs/performance.md, 'The first render's JavaScript').
 */
export function NativeSelectField({ label, value, onChange, children, sx }: NativeSelectFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <NativeSelect input={<OutlinedInput id={id} label={label} />} value={value} onChange={onChange}>
        {children}
      </NativeSelect>
    </FormControl>
  );
}
