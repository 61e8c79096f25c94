import { Button, Checkbox, FormControlLabel, FormHelperText, Stack } from '@mui/material';
import { Form, Formik, type FormikErrors } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { PersonFields } from '../../components/PersonFields';
import { companyPaths } from './companyPaths';
import type { ContactPersonInput } from './companyApi';

export interface ContactPersonValues {
  firstname: string;
  lastname: string;
  email: string;
  phonenumber: string;
  /** 'Mag aanvragen goedkeuren' (docs/requests.md, 'Approval'). */
  approves_requests: boolean;
  /** 'Ontvangt kostenspecificatie' (docs/cost-specification.md, 'Mail'): the final PDF of each month by e-mail. */
  receives_cost_specification: boolean;
}

export const emptyContactPerson: ContactPersonValues = {
  firstname: '',
  lastname: '',
  email: '',
  phonenumber: '',
  approves_requests: true,
  receives_cost_specification: false,
};

/** A standard address: something, one @, a domain with a dot, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/screens.md, 'Contact person form': add and edit user. */
export const validateContactPerson = (values: ContactPersonValues): FormikErrors<ContactPersonValues> => {
  const errors: FormikErrors<ContactPersonValues> = {};
  if (!values.firstname.trim()) errors.firstname = MSG.firstnameRequired;
  if (!values.lastname.trim()) errors.lastname = MSG.lastnameRequired;
  if (!values.email.trim()) errors.email = MSG.emailRequired;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = MSG.emailInvalid;
  return errors;
};

const contactPersonInput = (values: ContactPersonValues): ContactPersonInput => ({
  firstname: values.firstname.trim(),
  lastname: values.lastname.trim(),
  email: values.email.trim(),
  phonenumber: values.phonenumber.trim() || null,
  approves_requests: values.approves_requests,
  receives_cost_specification: values.receives_cost_specification,
});

interface ContactPersonFormProps {
  /** Names the form. */
  title: string;
  initialValues: ContactPersonValues;
  /** Saves; a refusal is reported by the error toasts and keeps the form open. */
  save: (input: ContactPersonInput) => Promise<unknown>;
  /** The person has logged in: only they change the address, in Mijn account (docs/rules.md). */
  emailReadOnly?: boolean;
}

/** The add and edit contact person form; saving returns to Mijn bedrijf. */
export function ContactPersonForm({ title, initialValues, save, emailReadOnly = false }: ContactPersonFormProps) {
  const navigate = useNavigate();

  const submit = async (values: ContactPersonValues) => {
    const saved = await save(contactPersonInput(values)).then(
      () => true,
      () => false,
    );
    if (saved) navigate(companyPaths.overview());
  };

  return (
    // Errors show after the first save and update while typing; never on blur, so that the form does not
    // shift under the pointer between pressing and releasing 'Opslaan'.
    <Formik initialValues={initialValues} validate={validateContactPerson} validateOnBlur={false} onSubmit={submit}>
      {({ values, errors, submitCount, isSubmitting, handleChange }) => (
        <Form noValidate aria-label={title}>
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <PersonFields
              values={values}
              errors={submitCount > 0 ? errors : {}}
              onChange={handleChange}
              email={emailReadOnly ? 'readOnly' : 'editable'}
            />
            <div>
              <FormControlLabel
                control={<Checkbox name="approves_requests" checked={values.approves_requests} onChange={handleChange} />}
                label="Mag aanvragen goedkeuren"
              />
              <FormHelperText id="approves-requests-help" sx={{ mt: 0 }}>
                Als aanvragen goedkeuring vereisen, keurt deze persoon de aanvragen van collega's goed of af.
              </FormHelperText>
            </div>
            <div>
              <FormControlLabel
                control={
                  <Checkbox
                    name="receives_cost_specification"
                    checked={values.receives_cost_specification}
                    onChange={handleChange}
                    slotProps={{ input: { 'aria-describedby': 'receives-cost-specification-help' } }}
                  />
                }
                label="Ontvangt kostenspecificatie"
              />
              <FormHelperText id="receives-cost-specification-help" sx={{ mt: 0 }}>
                Deze persoon krijgt de kostenspecificatie van elke maand als PDF per e-mail, zodra de maand is gefactureerd.
              </FormHelperText>
            </div>
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Opslaan
              </Button>
              <Button component={RouterLink} to={companyPaths.overview()}>
                Annuleren
              </Button>
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
