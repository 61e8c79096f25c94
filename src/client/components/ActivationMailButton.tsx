import { Button } from '@mui/material';
import { useState } from 'react';
import { MSG } from '../../domain/messages';
import { type Recipient, recipientName, useSendActivationMailMutation } from '../api/activationMailApi';
import { ConfirmDialog } from './ConfirmDialog';

interface ActivationMailButtonProps {
  recipient: Recipient;
  /** Named in the question when the list is of companies rather than people. */
  companyName?: string;
}

/**
 * docs/screens.md, 'Activation mail': idle, 'Aan het versturen...', 'Email verzonden'. Asks first, naming whom the
 * mail goes to; the success or refusal follows as a toast (activationMailApi.ts).
 */
export function ActivationMailButton({ recipient, companyName }: ActivationMailButtonProps) {
  const [sendActivationMail, { isLoading, isSuccess }] = useSendActivationMailMutation();
  const [asking, setAsking] = useState(false);
  const name = recipientName(recipient);
  const of = companyName ? `, contactpersoon van ${companyName}` : '';

  const send = () => {
    setAsking(false);
    void sendActivationMail(recipient);
  };

  const label = isLoading ? MSG.activationSending : isSuccess ? MSG.activationSent : 'Activatiemail';
  // Each button in a list names its person, after the visible text (WCAG 2.5.3, label in name).
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setAsking(true)}
        disabled={isLoading || isSuccess}
        aria-label={`${label} voor ${name}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {label}
      </Button>
      {asking && (
        <ConfirmDialog
          title="Activatiemail versturen"
          text={`De activatiemail gaat naar ${name}${of} (${recipient.email}). Met de link daarin stelt ${recipient.firstname} een wachtwoord in; de link is 7 dagen geldig.`}
          confirmLabel="Versturen"
          confirmColor="primary"
          busy={isLoading}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
