import { TextField } from '@mui/material';
import type { ChangeEvent } from 'react';
import type { PasswordOwner } from '../../domain/passwordStrength';
import { NewPasswordField } from './NewPasswordField';

interface PasswordFieldsProps {
  values: { current_password?: string; password: string; repeat: string };
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The current password first ('Huidig wachtwoord'), where the user changes their own. */
  withCurrent?: boolean;
  /** The labels of the new password and of its repeat. */
  labels: { password?: string; repeat: string };
  /** Whose password it is, when the screen knows (NewPasswordField). */
  owner?: PasswordOwner;
  /** The errors to show, by field. */
  errors?: { current_password?: string; password?: string; repeat?: string };
}

/**
 * A new password, typed twice: 'Mijn account' (after the current one) and the reset screen
 * (docs/screens.md, 'Password reset').
 */
export function PasswordFields({ values, onChange, withCurrent = false, labels, owner, errors = {} }: PasswordFieldsProps) {
  return (
    <>
      {withCurrent && (
        <TextField
          name="current_password"
          type="password"
          label="Huidig wachtwoord"
          autoComplete="current-password"
          required
          value={values.current_password ?? ''}
          onChange={onChange}
          error={Boolean(errors.current_password)}
          helperText={errors.current_password}
        />
      )}
      <NewPasswordField label={labels.password} value={values.password} onChange={onChange} owner={owner} error={errors.password} />
      <TextField
        name="repeat"
        type="password"
        label={labels.repeat}
        autoComplete="new-password"
        required
        value={values.repeat}
        onChange={onChange}
        error={Boolean(errors.repeat)}
        helperText={errors.repeat}
      />
    </>
  );
}
