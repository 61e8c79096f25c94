import { Alert, Button, Stack, TextField } from '@mui/material';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Form, Formik, type FormikErrors, type FormikHelpers, useFormikContext } from 'formik';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '../../../../domain/messages';
import { paths } from '../../../base/paths';
import { ScreenTitle } from '../../../components/ScreenTitle';
import { EndUserFrame } from './EndUserFrame';
import { type EndUser, type EndUserName, useEditEndUserMutation } from './endUsersApi';

/** docs/screens.md, 'Contact person form': first and last name are required. */
const validate = ({ firstname, lastname }: EndUserName): FormikErrors<EndUserName> => ({
  ...(firstname.trim() ? {} : { firstname: MSG.firstnameRequired }),
  ...(lastname.trim() ? {} : { lastname: MSG.lastnameRequired }),
});

/** The server's reason for refusing the save, shown above the form. */
const saveFailure = (error: unknown): string => {
  const message = ((error as FetchBaseQueryError | undefined)?.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : MSG.unknownError;
};

const FIELD_IDS: Record<keyof EndUserName, string> = { firstname: 'voornaam', lastname: 'achternaam' };

/** A refused save puts the cursor in the first field to fix, where its message is read out. */
function FocusFirstError() {
  const { submitCount, isSubmitting, errors } = useFormikContext<EndUserName>();
  const refused = submitCount > 0 && !isSubmitting ? (Object.keys(FIELD_IDS) as (keyof EndUserName)[]).find((name) => errors[name]) : undefined;
  // Runs when a submit has been validated, not while typing.
  useEffect(() => {
    if (refused) document.getElementById(FIELD_IDS[refused])?.focus();
    // Not `refused`: it changes with every keystroke after a refused submit, and the cursor must stay.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, isSubmitting]);
  return null;
}

function EditEndUserForm({ endUser }: { endUser: EndUser }) {
  const [editEndUser] = useEditEndUserMutation();
  const navigate = useNavigate();

  const save = async (values: EndUserName, { setStatus }: FormikHelpers<EndUserName>) => {
    setStatus(undefined);
    try {
      const saved = await editEndUser({ id: endUser.id, firstname: values.firstname.trim(), lastname: values.lastname.trim() }).unwrap();
      // The address carries the name: the view opens under the new one.
      navigate(paths.endUser(saved), { replace: true });
    } catch (error) {
      setStatus(saveFailure(error));
    }
  };

  return (
    // Messages show from the first save on and follow the typing; never on blur: a message that appears
    // when the pointer presses 'Opslaan' moves the button away before it is released, and the save is lost.
    <Formik<EndUserName>
      initialValues={{ firstname: endUser.firstname, lastname: endUser.lastname }}
      validate={validate}
      validateOnBlur={false}
      onSubmit={save}
    >
      {({ values, errors, submitCount, status, isSubmitting, handleChange }) => (
        <Stack component={Form} noValidate spacing={2} sx={{ maxWidth: 480 }}>
          <FocusFirstError />
          {typeof status === 'string' && <Alert severity="error">{status}</Alert>}
          <TextField
            id={FIELD_IDS.firstname}
            name="firstname"
            label="Voornaam"
            required
            autoComplete="off"
            value={values.firstname}
            onChange={handleChange}
            error={submitCount > 0 && errors.firstname !== undefined}
            helperText={submitCount > 0 ? errors.firstname : undefined}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            id={FIELD_IDS.lastname}
            name="lastname"
            label="Achternaam"
            required
            autoComplete="off"
            value={values.lastname}
            onChange={handleChange}
            error={submitCount > 0 && errors.lastname !== undefined}
            helperText={submitCount > 0 ? errors.lastname : undefined}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Opslaan
            </Button>
            <Button component={RouterLink} to={paths.endUser(endUser)} variant="outlined">
              Annuleren
            </Button>
          </Stack>
        </Stack>
      )}
    </Formik>
  );
}

/** /mijn-bedrijf/end-users/{id}/{endUserUrlName}/bewerken: rename an end user. */
export function EditEndUserScreen() {
  return (
    <EndUserFrame crumb="Bewerken">
      {(endUser) => (
        <>
          <ScreenTitle>Eindgebruiker bewerken</ScreenTitle>
          <EditEndUserForm endUser={endUser} />
        </>
      )}
    </EndUserFrame>
  );
}
