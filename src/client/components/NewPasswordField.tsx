import { TextField } from '@mui/material';
import { type ChangeEvent, useEffect, useState } from 'react';
import { PASSWORD_RULE, type PasswordOwner, passwordWeakness } from '../../domain/passwordStrength';

/**
 * Why the server would refuse the password, checked while typing (domain/passwordStrength.ts; its
 * first check loads zxcvbn and its dictionaries). Until its answer the previous one stays, so the
 * text does not flicker. Without `owner` (a reset link: the screen does not know whose) the
 * server alone checks the user's name and address.
 */
function usePasswordWeakness(password: string, owner: PasswordOwner = {}): string | null {
  const [weakness, setWeakness] = useState<string | null>(null);
  const { firstname, lastname, email } = owner;
  useEffect(() => {
    if (password === '') return;
    let current = true;
    passwordWeakness(password, { firstname, lastname, email }).then(
      (reason) => current && setWeakness(reason),
      // Without the estimator (its chunk failed to load) the server still checks.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [password, firstname, lastname, email]);
  return password === '' ? null : weakness;
}

interface NewPasswordFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  name?: string;
  label?: string;
  /** Whose password it is, when the screen knows: their name and address may not make it up. */
  owner?: PasswordOwner;
  /** The server's refusal of the password, shown instead of the rule. */
  error?: string;
}

/**
 * A new password's field, naming the rule before the user types and what breaks it while they do:
 * the rule the server applies wherever a password is set (the reset screen, 'Mijn account').
 */
export function NewPasswordField({ value, onChange, name = 'password', label = 'Wachtwoord', owner, error }: NewPasswordFieldProps) {
  const weakness = usePasswordWeakness(value, owner);
  const problem = error ?? weakness;
  return (
    <TextField
      name={name}
      type="password"
      label={label}
      autoComplete="new-password"
      value={value}
      onChange={onChange}
      required
      error={problem !== null && problem !== undefined}
      helperText={problem ?? PASSWORD_RULE}
    />
  );
}
