import { TextField } from '@mui/material';
import type { ChangeEvent } from 'react';
import { MSG } from '../../domain/messages';

/** A person's name and phone number, and (a contact person) their e-mail address. */
export interface PersonFieldValues {
  firstname: string;
  lastname: string;
  email?: string;
  phonenumber: string;
}

type FieldName = keyof PersonFieldValues;

const FIELDS: { name: FieldName; label: string; required: boolean; type: string; autoComplete: string }[] = [
  { name: 'firstname', label: 'Voornaam', required: true, type: 'text', autoComplete: 'given-name' },
  { name: 'lastname', label: 'Achternaam', required: true, type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'E-mailadres', required: true, type: 'email', autoComplete: 'email' },
  { name: 'phonenumber', label: 'Telefoonnummer', required: false, type: 'tel', autoComplete: 'tel' },
];

interface PersonFieldsProps {
  values: PersonFieldValues;
  /** The errors to show (the forms show them once saved). */
  errors: Partial<Record<FieldName, string>>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /**
   * The e-mail address: asked ('editable'), shown only ('readOnly': the person has logged in, and
   * only they change it, in Mijn account, docs/rules.md), or not asked (without this).
   */
  email?: 'editable' | 'readOnly';
}

/**
 * The fields of docs/screens.md, 'Contact person form': the contact person's form in Mijn bedrijf
 * and the user's own 'Gegevens' in Mijn account.
 */
export function PersonFields({ values, errors, onChange, email }: PersonFieldsProps) {
  return FIELDS.filter((field) => field.name !== 'email' || email !== undefined).map((field) => {
    const error = errors[field.name];
    const readOnly = email === 'readOnly' && field.name === 'email';
    return (
      <TextField
        key={field.name}
        name={field.name}
        label={field.label}
        type={field.type}
        required={field.required}
        autoComplete={field.autoComplete}
        value={values[field.name]}
        onChange={onChange}
        error={Boolean(error)}
        helperText={error ?? (readOnly ? MSG.emailChangedByOwner : undefined)}
        slotProps={readOnly ? { htmlInput: { readOnly: true } } : undefined}
      />
    );
  });
}
