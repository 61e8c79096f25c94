import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { IMPERSONATION_REASON_LENGTH, reasonProblemOf } from '../../domain/impersonation';

export interface ManagedCompany {
  id: number;
  name: string;
}

interface ManageCompanyDialogProps {
  company: ManagedCompany;
  /** Starts managing; answers whether it started (a refusal is a toast, and the dialog stays). */
  onManage: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

const validate = ({ reason }: { reason: string }) => {
  const problem = reasonProblemOf(reason);
  return problem ? { reason: problem } : {};
};

/**
 * 'Bedrijf beheren': managing a company takes a reason, which the company's change
 * log shows with every change made for it; the managing ends by itself after an hour.
 */
export function ManageCompanyDialog({ company, onManage, onClose }: ManageCompanyDialogProps) {
  const id = useId();
  const submit = async ({ reason }: { reason: string }) => {
    if (await onManage(reason.trim())) onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-titel`} aria-describedby={`${id}-tekst`} fullWidth maxWidth="sm">
      <Formik initialValues={{ reason: '' }} validate={validate} onSubmit={submit}>
        {({ values, errors, touched, isSubmitting, handleChange, handleBlur }) => (
          <Form noValidate>
            <DialogTitle id={`${id}-titel`}>Bedrijf beheren</DialogTitle>
            <DialogContent>
              <DialogContentText id={`${id}-tekst`} sx={{ mb: 2 }}>
                {`Je gaat ${company.name} beheren. Wat je wijzigt, komt met je naam en deze reden in het wijzigingslog van het bedrijf. Het beheren stopt vanzelf na een uur.`}
              </DialogContentText>
              <TextField
                name="reason"
                label="Reden"
                required
                fullWidth
                autoFocus
                value={values.reason}
                onChange={handleChange}
                onBlur={handleBlur}
                error={touched.reason === true && errors.reason !== undefined}
                helperText={touched.reason ? errors.reason : undefined}
                slotProps={{ htmlInput: { maxLength: IMPERSONATION_REASON_LENGTH.max } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Annuleren</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Beheren
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
