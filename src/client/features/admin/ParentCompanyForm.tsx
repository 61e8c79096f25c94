import { Button, FormLabel, Stack, TextField, Typography } from '@mui/material';
import { Form, Formik, type FormikErrors } from 'formik';
import { type ReactNode, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Select, { type MultiValue } from 'react-select';
import { MSG } from '../../../domain/messages';
import { useAppSelector } from '../../base/hooks';
import { useSelectStyles } from '../../components/selectStyles';
import { type ParentCompanyInput, selectCompanies, useGetCompaniesQuery } from './adminApi';
import { adminPaths } from './adminPaths';

export interface BranchOption {
  value: number;
  label: string;
}

export interface ParentCompanyValues {
  name: string;
  sap_number: string;
  branches: readonly BranchOption[];
}

const BRANCHES_ID = 'hoofdbedrijf-vestigingen';

const validate = (values: ParentCompanyValues): FormikErrors<ParentCompanyValues> =>
  values.name.trim() ? {} : { name: MSG.parentNameRequired };

const parentCompanyInput = (values: ParentCompanyValues): ParentCompanyInput => ({
  name: values.name.trim(),
  sap_number: values.sap_number.trim() || null,
  companies: values.branches.map((branch) => branch.value),
});

/**
 * Every customer can be a branch (the provider's own company never: the server refuses it); one
 * that belongs to another parent company says so, since choosing it moves it here.
 */
const useBranchOptions = (parentCompanyId: number | null): { options: BranchOption[]; isLoading: boolean } => {
  const { isLoading } = useGetCompaniesQuery();
  const companies = useAppSelector(selectCompanies);
  const options = useMemo(
    () =>
      companies
        .filter((company) => !company.is_provider)
        .map((company) => ({
          value: company.id,
          label:
            company.parent_company && company.parent_company.id !== parentCompanyId
              ? `${company.name} (nu bij ${company.parent_company.name})`
              : company.name,
        })),
    [companies, parentCompanyId],
  );
  return { options, isLoading };
};

interface ParentCompanyFormProps {
  title: string;
  /** The parent company being edited, or null for a new one. */
  parentCompanyId: number | null;
  initialValues: ParentCompanyValues;
  /** Saves and moves on; a refusal is reported by the error toasts and keeps the form open. */
  save: (input: ParentCompanyInput) => Promise<void>;
  actions?: ReactNode;
}

/** Name, SAP number and branches of a parent company. */
export function ParentCompanyForm({ title, parentCompanyId, initialValues, save, actions }: ParentCompanyFormProps) {
  const { options, isLoading } = useBranchOptions(parentCompanyId);
  const styles = useSelectStyles<BranchOption, true>();

  return (
    <Formik
      initialValues={initialValues}
      validate={validate}
      validateOnBlur={false}
      onSubmit={(values) => save(parentCompanyInput(values))}
    >
      {({ values, errors, submitCount, isSubmitting, handleChange, setFieldValue }) => (
        <Form noValidate aria-label={title}>
          <Stack spacing={3} sx={{ maxWidth: 640 }}>
            <TextField
              name="name"
              label="Naam"
              required
              value={values.name}
              onChange={handleChange}
              error={submitCount > 0 && Boolean(errors.name)}
              helperText={submitCount > 0 ? errors.name : undefined}
            />
            <TextField name="sap_number" label="SAP nummer" value={values.sap_number} onChange={handleChange} />
            <Stack spacing={1}>
              <FormLabel htmlFor={BRANCHES_ID} sx={{ color: 'text.primary' }}>
                Vestigingen
              </FormLabel>
              <Select<BranchOption, true>
                inputId={BRANCHES_ID}
                isMulti
                options={options}
                value={values.branches}
                onChange={(chosen: MultiValue<BranchOption>) => void setFieldValue('branches', chosen)}
                isLoading={isLoading}
                placeholder="Zoek een bedrijf…"
                loadingMessage={() => MSG.loading}
                noOptionsMessage={() => 'Geen bedrijven gevonden.'}
                styles={styles}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Een bedrijf hoort bij één hoofdbedrijf: kies je een bedrijf van een ander hoofdbedrijf, dan verhuist het naar dit
                hoofdbedrijf.
              </Typography>
            </Stack>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Opslaan
              </Button>
              <Button component={RouterLink} to={adminPaths.overview('hoofdbedrijven')}>
                Annuleren
              </Button>
              {actions}
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
