import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Form, Formik, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../base/hooks';
import { DateField } from '../../components/DateField';
import {
  type CompanyInput,
  selectAdminArticleGroups,
  selectParentCompanies,
  useGetArticleGroupsQuery,
  useGetParentCompaniesQuery,
} from './adminApi';
import { adminPaths } from './adminPaths';
import {
  type CompanyFormValues,
  companyInput,
  FREE_FIELD_LABELS,
  formMessages,
  validateCompanyForm,
} from './companyFormValues';

const FIELD_WIDTH = { maxWidth: 640 } as const;

function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2} sx={FIELD_WIDTH}>
        {children}
      </Stack>
    </Box>
  );
}

/** A text field bound to the form; shows its own error only when it is not one of the form's messages. */
function Field({ name, label, required, helperText, type, inputMode }: {
  name: keyof CompanyFormValues;
  label: string;
  required?: boolean;
  helperText?: string;
  type?: string;
  inputMode?: 'decimal';
}) {
  const { values, errors, submitCount, handleChange } = useFormikContext<CompanyFormValues>();
  const error = submitCount > 0 ? (errors[name] as string | undefined) : undefined;
  const ownMessage = error && !formMessages({ [name]: error }).length ? error : undefined;
  return (
    <TextField
      name={name}
      label={label}
      type={type}
      required={required}
      value={values[name]}
      onChange={handleChange}
      error={Boolean(error)}
      helperText={ownMessage ?? helperText}
      slotProps={{ htmlInput: { inputMode } }}
    />
  );
}

/** The day the company stops being a customer; its own error is 'Vul een geldige datum in.' (companyFormValues.ts). */
function EndDateField() {
  const { values, errors, submitCount, setFieldValue } = useFormikContext<CompanyFormValues>();
  const error = submitCount > 0 ? errors.end_date : undefined;
  return (
    <DateField
      name="end_date"
      label="Einddatum"
      value={values.end_date}
      onChange={(date) => setFieldValue('end_date', date)}
      error={Boolean(error)}
      helperText={error ?? 'Leeg laten zolang het bedrijf klant is.'}
    />
  );
}

function ArticleGroupChoice() {
  const { values, setFieldValue } = useFormikContext<CompanyFormValues>();
  const { isLoading } = useGetArticleGroupsQuery();
  const groups = useAppSelector(selectAdminArticleGroups);

  const toggle = (id: number, checked: boolean) =>
    void setFieldValue(
      'article_groups',
      checked ? [...values.article_groups, id].sort((a, b) => a - b) : values.article_groups.filter((groupId) => groupId !== id),
    );

  if (isLoading) return <Typography>Artikelgroepen laden...</Typography>;
  return (
    <FormGroup>
      {groups.map((group) => (
        <FormControlLabel
          key={group.id}
          control={<Checkbox checked={values.article_groups.includes(group.id)} onChange={(_event, checked) => toggle(group.id, checked)} />}
          label={group.name}
        />
      ))}
    </FormGroup>
  );
}

function ParentCompanyChoice() {
  const { values, handleChange } = useFormikContext<CompanyFormValues>();
  useGetParentCompaniesQuery();
  const parents = useAppSelector(selectParentCompanies);

  return (
    <TextField
      select
      name="parent_company_id"
      label="Hoofdbedrijf"
      value={values.parent_company_id}
      onChange={handleChange}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Geen hoofdbedrijf</option>
      {/* The current choice stays listed while the parent companies load. */}
      {parents.length === 0 && values.parent_company_id && <option value={values.parent_company_id}>{values.parent_company_id}</option>}
      {parents.map((parent) => (
        <option key={parent.id} value={String(parent.id)}>
          {parent.name}
        </option>
      ))}
    </TextField>
  );
}

interface CompanyFormProps {
  title: string;
  initialValues: CompanyFormValues;
  /** Whether the form asks for a contact person: the company has none yet. */
  withContact: boolean;
  /** A company without a contact person must get one (edit); a new one may be saved without. */
  contactRequired: boolean;
  /** The end date is set on existing companies only. */
  withEndDate: boolean;
  /** Saves and moves on; a refusal is reported by the error toasts and keeps the form open. */
  save: (input: CompanyInput) => Promise<void>;
  /** Buttons beside 'Opslaan', e.g. delete. */
  actions?: ReactNode;
}

/** Every company field of docs/api-company-admin.md, 'Company fields', for adding and editing a company. */
export function CompanyForm({ title, initialValues, withContact, contactRequired, withEndDate, save, actions }: CompanyFormProps) {
  return (
    <Formik
      initialValues={initialValues}
      validate={(values) => validateCompanyForm(values, { contactRequired: withContact && contactRequired })}
      validateOnBlur={false}
      onSubmit={(values) => save(companyInput(values, withContact))}
    >
      {({ errors, submitCount, isSubmitting }) => {
        const messages = submitCount > 0 ? formMessages(errors) : [];
        return (
          <Form noValidate aria-label={title}>
            <Stack spacing={4}>
              {messages.length > 0 && (
                <Alert severity="error" sx={FIELD_WIDTH}>
                  {messages.map((message) => (
                    <div key={message}>{message}</div>
                  ))}
                </Alert>
              )}
              <FormSection id="bedrijf-gegevens" title="Bedrijfsgegevens">
                <Field name="name" label="Naam" required />
                <Field name="aliases" label="Aliassen" helperText="Andere namen waaronder het bedrijf bekend is, gescheiden door komma's." />
                <Field name="customer_number" label="Klantnummer" />
                <Field name="sap_number" label="SAP klantnummer" required />
                <Field name="address" label="Adres" required />
                <Field name="zipcode" label="Postcode" required />
                <Field name="city" label="Plaats" required />
              </FormSection>
              <FormSection id="bedrijf-verbruik" title="Verbruik">
                <Field name="price_mb" label="Prijs per MB" inputMode="decimal" helperText="In euro, buiten de bundel; bijvoorbeeld 0,0025." />
              </FormSection>
              <FormSection id="bedrijf-vrije-velden" title="Vrije velden">
                {FREE_FIELD_LABELS.map((field, index) => (
                  <Field key={field} name={field} label={`Label vrij veld ${index + 1}`} />
                ))}
              </FormSection>
              <FormSection id="bedrijf-artikelgroepen" title="Zichtbare artikelgroepen">
                <ArticleGroupChoice />
              </FormSection>
              <FormSection id="bedrijf-organisatie" title={withEndDate ? 'Hoofdbedrijf en looptijd' : 'Organisatie'}>
                <ParentCompanyChoice />
                {withEndDate && <EndDateField />}
              </FormSection>
              {withContact && (
                <FormSection id="bedrijf-contactpersoon" title="Contactpersoon">
                  <FormHelperText sx={{ mt: -1 }}>
                    {contactRequired
                      ? 'Dit bedrijf heeft nog geen contactpersoon. Vul deze in om het bedrijf op te slaan.'
                      : 'Optioneel: de contactpersoon krijgt een account bij dit bedrijf.'}
                  </FormHelperText>
                  <Field name="contact_firstname" label="Voornaam" required={contactRequired} />
                  <Field name="contact_lastname" label="Achternaam" required={contactRequired} />
                  <Field name="contact_email" label="E-mailadres" type="email" required={contactRequired} />
                </FormSection>
              )}
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  Opslaan
                </Button>
                <Button component={RouterLink} to={adminPaths.overview('bedrijven')}>
                  Annuleren
                </Button>
                {actions}
              </Stack>
            </Stack>
          </Form>
        );
      }}
    </Formik>
  );
}
