import { Alert, Button, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Select from 'react-select';
import { MSG } from '../../../domain/messages';
import { compareNames } from '../../../domain/names';
import { type Company, useGetCompanyQuery, usePermission } from '../../api/currentUserApi';
import { selectActingCompanyId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useSelectStyles } from '../../components/selectStyles';
import { CompanyBreadcrumbs } from './CompanyBreadcrumbs';
import { companyPaths } from './companyPaths';
import { selectBranchCandidates, useAddBranchMutation, useGetBranchCandidatesQuery } from './companyApi';

const TITLE = 'Vestiging toevoegen';
const SELECT_ID = 'vestiging';
const ERROR_ID = 'vestiging-fout';

interface BranchOption {
  value: number;
  label: string;
}

interface Values {
  branch: BranchOption | null;
}

/**
 * The companies that could join the parent company (never the provider's own, which the server
 * refuses): only provider staff may list companies (LIST_COMPANIES); for others there are none.
 */
const useBranchOptions = (company: Company): { options: BranchOption[]; isLoading: boolean } => {
  const mayList = usePermission('LIST_COMPANIES');
  const { isLoading } = useGetBranchCandidatesQuery(mayList ? undefined : skipToken);
  const candidates = useAppSelector(selectBranchCandidates);
  const options = useMemo(() => {
    const current = new Set(company.parent_company?.companies.map((branch) => branch.id));
    return candidates
      .filter((candidate) => !candidate.is_provider && !current.has(candidate.id))
      .map((candidate) => ({ value: candidate.id, label: candidate.name }))
      .sort((a, b) => compareNames(a.label, b.label));
  }, [candidates, company]);
  return { options: mayList ? options : [], isLoading: mayList && isLoading };
};

function BranchSelect({ value, onChange, options, isLoading, error }: {
  value: BranchOption | null;
  onChange: (option: BranchOption | null) => void;
  options: BranchOption[];
  isLoading: boolean;
  error: string | undefined;
}) {
  const styles = useSelectStyles<BranchOption>(Boolean(error));
  return (
    <Stack spacing={1}>
      <FormLabel htmlFor={SELECT_ID} required sx={{ color: 'text.primary' }}>
        Vestiging
      </FormLabel>
      <Select<BranchOption, false>
        inputId={SELECT_ID}
        options={options}
        value={value}
        onChange={onChange}
        isClearable
        isLoading={isLoading}
        placeholder="Zoek een bedrijf…"
        loadingMessage={() => MSG.loading}
        noOptionsMessage={() => 'Geen bedrijven gevonden.'}
        aria-invalid={Boolean(error)}
        aria-errormessage={error ? ERROR_ID : undefined}
        styles={styles}
      />
      {error && (
        <FormHelperText id={ERROR_ID} error role="alert">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}

function BackToCompany() {
  return (
    <Button component={RouterLink} to={companyPaths.overview()} variant="contained">
      Terug naar Mijn bedrijf
    </Button>
  );
}

function AddBranchForm({ company, parentCompanyId }: { company: Company; parentCompanyId: number }) {
  const { options, isLoading } = useBranchOptions(company);
  const [addBranch] = useAddBranchMutation();
  const navigate = useNavigate();

  // A refusal is reported by the error toasts ('Een onbekende fout is opgetreden.').
  const submit = async ({ branch }: Values) => {
    if (!branch) return;
    const added = await addBranch({ parentCompanyId, companyId: branch.value })
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    if (added) navigate(companyPaths.overview());
  };

  // Nothing to choose: the way out, not a form that cannot be sent.
  if (!isLoading && options.length === 0) {
    return (
      <Stack spacing={3} sx={{ maxWidth: 640, alignItems: 'flex-start' }}>
        <Alert severity="info">
          Er zijn geen bedrijven beschikbaar om als vestiging toe te voegen. Neem contact op met je accountmanager om een
          vestiging aan je hoofdbedrijf te laten koppelen.
        </Alert>
        <BackToCompany />
      </Stack>
    );
  }

  return (
    <Formik<Values>
      initialValues={{ branch: null }}
      validate={({ branch }) => (branch ? {} : { branch: MSG.selectBranch })}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ values, errors, submitCount, isSubmitting, setFieldValue }) => (
        <Form noValidate aria-label={TITLE}>
          <Stack spacing={3} sx={{ maxWidth: 640 }}>
            <BranchSelect
              value={values.branch}
              onChange={(option) => void setFieldValue('branch', option)}
              options={options}
              isLoading={isLoading}
              error={submitCount > 0 ? (errors.branch as string | undefined) : undefined}
            />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Toevoegen
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

/** /mijn-bedrijf/vestiging-toevoegen: adds a company to the acting company's parent company. */
export function AddBranchScreen() {
  const companyId = useAppSelector(selectActingCompanyId);
  const { data: company, isLoading } = useGetCompanyQuery(companyId ?? skipToken);

  if (!company) return isLoading ? <PageLoading /> : <Alert severity="warning">{MSG.initialLoadFailed}</Alert>;
  const parent = company.parent_company;

  return (
    <>
      <CompanyBreadcrumbs current={TITLE} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      {parent ? (
        <>
          <Typography sx={{ mb: 3 }}>
            Hoofdbedrijf: <strong>{parent.name}</strong>
          </Typography>
          <AddBranchForm company={company} parentCompanyId={parent.id} />
        </>
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>Dit bedrijf hoort niet bij een hoofdbedrijf, dus er kan geen vestiging worden toegevoegd.</Typography>
          <BackToCompany />
        </>
      )}
    </>
  );
}
