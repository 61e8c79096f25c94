import { Box, Button, Stack } from '@mui/material';
import { Form, Formik, type FormikErrors } from 'formik';
import { MSG } from '../../../domain/messages';
import { PersonFields } from '../../components/PersonFields';
import { Section } from '../../components/Section';
import { type Account, useEditAccountMutation } from './accountApi';

interface ProfileValues {
  firstname: string;
  lastname: string;
  phonenumber: string;
}

/** docs/screens.md, 'Contact person form' (a contact person): first and last name required; the phone number may be empty. */
const validateProfile = (values: ProfileValues): FormikErrors<ProfileValues> => {
  const errors: FormikErrors<ProfileValues> = {};
  if (!values.firstname.trim()) errors.firstname = MSG.firstnameRequired;
  if (!values.lastname.trim()) errors.lastname = MSG.lastnameRequired;
  return errors;
};

const TITLE_ID = 'account-gegevens';

/** 'Gegevens': the user's own name and phone number. */
export function ProfileSection({ account }: { account: Account }) {
  const [editAccount] = useEditAccountMutation();

  const save = async (values: ProfileValues) => {
    // A refusal is a toast of the endpoint (accountApi.ts); the form stays as typed.
    await editAccount({
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      phonenumber: values.phonenumber.trim() || null,
    });
  };

  return (
    <Section id={TITLE_ID} title="Gegevens">
      <Formik<ProfileValues>
        // The saved values come back from the server (trimmed) and fill the form again.
        enableReinitialize
        initialValues={{ firstname: account.firstname, lastname: account.lastname, phonenumber: account.phonenumber ?? '' }}
        validate={validateProfile}
        validateOnBlur={false}
        onSubmit={save}
      >
        {({ values, errors, submitCount, isSubmitting, handleChange }) => (
          <Stack component={Form} noValidate spacing={2} sx={{ maxWidth: 480 }}>
            <PersonFields values={values} errors={submitCount > 0 ? errors : {}} onChange={handleChange} />
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Gegevens opslaan
              </Button>
            </Box>
          </Stack>
        )}
      </Formik>
    </Section>
  );
}
