import { AdapterMoment } from '@mui/x-date-pickers/AdapterMoment';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { nlNL } from '@mui/x-date-pickers/locales';
import type { Moment } from 'moment';
import { useState } from 'react';
import moment from '../base/moment';

/** How the field writes a date, whatever the browser's language. */
export const DATE_FORMAT = 'DD-MM-YYYY';
const ISO_FORMAT = 'YYYY-MM-DD';

/**
 * What the field passes on for a typed day that does not exist (31-02): not an ISO date, so every
 * check that parses the value refuses it, and not empty, so an optional date field does not
 * quietly read as "no date". (A partly typed date reads as empty, and the field turns red on blur.)
 */
export const INCOMPLETE_DATE = 'onvolledig';

const localeText = {
  ...nlNL.components.MuiLocalizationProvider.defaultProps.localeText,
  // The Dutch placeholder is dd-mm-jjjj, in lower case.
  fieldDayPlaceholder: () => 'dd',
  fieldMonthPlaceholder: () => 'mm',
  fieldYearPlaceholder: () => 'jjjj',
};

const fromIso = (value: string): Moment | null => {
  const date = moment(value, ISO_FORMAT, true);
  return date.isValid() ? date : null;
};

const toIso = (date: Moment | null): string => {
  if (date === null) return '';
  return date.isValid() ? date.format(ISO_FORMAT) : INCOMPLETE_DATE;
};

export interface DateFieldProps {
  label: string;
  /** The day as an ISO date ('YYYY-MM-DD'), '' for none, or INCOMPLETE_DATE. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  /** The first and last day that can be picked, as ISO dates. */
  min?: string | null;
  max?: string | null;
  fullWidth?: boolean;
}

/**
 * A day, typed as dd-mm-jjjj or picked in a Dutch calendar (weeks from Monday), whatever the
 * browser's language: the one date input of the portal. Only the day travels: the screens decide
 * at what time of day it takes effect.
 */
export function DateField({ label, value, onChange, name, required, disabled, error, helperText, min, max, fullWidth }: DateFieldProps) {
  // The picker keeps a partly typed date itself; a new value from outside replaces it.
  const [picked, setPicked] = useState(() => ({ date: fromIso(value), value }));
  if (picked.value !== value) setPicked({ date: fromIso(value), value });

  const change = (date: Moment | null) => {
    const next = toIso(date);
    setPicked({ date, value: next });
    if (next !== value) onChange(next);
  };

  return (
    <LocalizationProvider dateAdapter={AdapterMoment} dateLibInstance={moment} adapterLocale="nl" localeText={localeText}>
      <DatePicker
        label={label}
        name={name}
        value={picked.date}
        onChange={change}
        format={DATE_FORMAT}
        disabled={disabled}
        minDate={min ? fromIso(min) ?? undefined : undefined}
        maxDate={max ? fromIso(max) ?? undefined : undefined}
        slotProps={{
          textField: { required, error: error || undefined, helperText, fullWidth },
          // The screens check their own ranges and say why (helperText); the picker greys out the days outside them.
          field: { clearable: !required && !disabled },
        }}
      />
    </LocalizationProvider>
  );
}
