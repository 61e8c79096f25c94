import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { nanoid } from '@reduxjs/toolkit';
import { Form, Formik, type FormikErrors, useFormikContext } from 'formik';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDecimal } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { matchesWords } from '../../../domain/names';
import type { ArticleGroupIconKey } from '../../api/catalogApi';
import { useAppSelector } from '../../base/hooks';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { SearchField } from '../../components/SearchField';
import { type AdminArticleGroup, type ArticleGroupInput, selectCompanies, useGetCompaniesQuery } from './adminApi';
import { adminPaths } from './adminPaths';
import { ArticleGroupFieldDialog, type FieldDraft } from './ArticleGroupFieldDialog';

/** A field of the form; `key` tells new fields (without an id) apart. */
export interface FieldRow extends FieldDraft {
  key: string;
  id?: number;
}

export interface ArticleGroupValues {
  name: string;
  icon: ArticleGroupIconKey;
  fields: FieldRow[];
  companies: number[];
}

const ICONS: { value: ArticleGroupIconKey; label: string }[] = [
  { value: 'mobile', label: 'Mobiele telefoon' },
  { value: 'phone', label: 'Vaste telefoon' },
  { value: 'apps', label: 'Applicaties' },
  { value: 'hardware', label: 'Computer' },
  { value: 'hosting', label: 'Cloud' },
  { value: 'connectivity', label: 'Router' },
  { value: 'services', label: 'Gereedschap' },
];

export const emptyArticleGroup: ArticleGroupValues = { name: '', icon: 'apps', fields: [], companies: [] };

export const articleGroupValues = (group: AdminArticleGroup): ArticleGroupValues => ({
  name: group.name,
  icon: group.icon,
  fields: group.fields.map((field) => ({ ...field, key: `veld-${field.id}` })),
  companies: group.companies,
});

const articleGroupInput = (values: ArticleGroupValues): ArticleGroupInput => ({
  name: values.name.trim(),
  icon: values.icon,
  fields: values.fields.map(({ id, name, used_for_cdr }) => (id === undefined ? { name, used_for_cdr } : { id, name, used_for_cdr })),
  companies: values.companies,
});

const validate = (values: ArticleGroupValues): FormikErrors<ArticleGroupValues> =>
  values.name.trim() ? {} : { name: MSG.parentNameRequired };

const FIELDS_HEADING_ID = 'artikelgroep-velden-titel';
const COMPANIES_HEADING_ID = 'artikelgroep-bedrijven-titel';

/** The category fields: a table, with a dialog to add or change one. */
function FieldsTable() {
  const { values, setFieldValue } = useFormikContext<ArticleGroupValues>();
  // 'new' opens the dialog for a new field; a row's key for that row.
  const [editing, setEditing] = useState<string | null>(null);
  const editedField = values.fields.find((field) => field.key === editing) ?? null;

  const confirm = (draft: FieldDraft) => {
    // Usage records find their service through one field only (docs/rules.md, 'Article groups').
    const others = values.fields.map((field) => (draft.used_for_cdr ? { ...field, used_for_cdr: false } : field));
    const fields =
      editing === 'new'
        ? [...others, { ...draft, key: nanoid() }]
        : others.map((field) => (field.key === editing ? { ...field, ...draft } : field));
    void setFieldValue('fields', fields);
    setEditing(null);
  };

  const remove = (key: string) =>
    void setFieldValue(
      'fields',
      values.fields.filter((field) => field.key !== key),
    );

  const columns: DataColumn<FieldRow>[] = [
    { header: 'Naam', cell: (field) => field.name },
    { header: 'Gebruikt voor verbruik', cell: (field) => (field.used_for_cdr ? 'Ja' : 'Nee') },
    {
      header: 'Acties',
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (field) => (
        <>
          <IconButton size="small" aria-label={`Veld '${field.name}' wijzigen`} onClick={() => setEditing(field.key)}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={`Veld '${field.name}' verwijderen`} onClick={() => remove(field.key)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby={FIELDS_HEADING_ID}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" id={FIELDS_HEADING_ID} sx={{ fontSize: '1.125rem' }}>
          Velden
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Veld toevoegen
        </Button>
      </Stack>
      {values.fields.length === 0 ? (
        <Typography>Deze artikelgroep heeft nog geen velden.</Typography>
      ) : (
        <DataTable labelledBy={FIELDS_HEADING_ID} columns={columns} rows={values.fields} rowKey={(field) => field.key} />
      )}
      {editing !== null && (
        <ArticleGroupFieldDialog key={editing} field={editedField} onConfirm={confirm} onCancel={() => setEditing(null)} />
      )}
    </Box>
  );
}

/** Which companies see the group: every company, with a filter. */
function CompanyVisibility() {
  const { values, setFieldValue } = useFormikContext<ArticleGroupValues>();
  const { isLoading } = useGetCompaniesQuery();
  const companies = useAppSelector(selectCompanies);
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const shown = useMemo(() => companies.filter((company) => matchesWords(company.name, deferredTerm)), [companies, deferredTerm]);
  const chosen = new Set(values.companies);

  const setChosen = (ids: Iterable<number>) => void setFieldValue('companies', [...new Set(ids)].sort((a, b) => a - b));
  const toggle = (id: number, checked: boolean) =>
    setChosen(checked ? [...values.companies, id] : values.companies.filter((companyId) => companyId !== id));
  const shownIds = shown.map((company) => company.id);

  return (
    <Box component="fieldset" aria-labelledby={COMPANIES_HEADING_ID} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography variant="h2" id={COMPANIES_HEADING_ID} sx={{ fontSize: '1.125rem', mb: 1 }}>
        Zichtbaar voor bedrijven
      </Typography>
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {`${formatDecimal(chosen.size, 0)} van ${formatDecimal(companies.length, 0)} bedrijven geselecteerd`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <SearchField size="small" label="Zoek bedrijf" value={term} onChange={setTerm} />
        <Button size="small" onClick={() => setChosen([...values.companies, ...shownIds])} disabled={shown.length === 0}>
          Getoonde selecteren
        </Button>
        <Button
          size="small"
          onClick={() => setChosen(values.companies.filter((id) => !shownIds.includes(id)))}
          disabled={shown.length === 0}
        >
          Getoonde deselecteren
        </Button>
      </Stack>
      {isLoading && <Typography>Bedrijven laden...</Typography>}
      {!isLoading && shown.length === 0 && <Typography>Geen bedrijven gevonden.</Typography>}
      {shown.length > 0 && (
        <Box sx={{ maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 0.5 }}>
          <Stack>
            {shown.map((company) => (
              <FormControlLabel
                key={company.id}
                control={<Checkbox size="small" checked={chosen.has(company.id)} onChange={(_event, checked) => toggle(company.id, checked)} />}
                label={company.name}
              />
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

interface ArticleGroupFormProps {
  title: string;
  initialValues: ArticleGroupValues;
  /** Saves and moves on; a refusal is reported by the error toasts and keeps the form open. */
  save: (input: ArticleGroupInput) => Promise<void>;
  actions?: ReactNode;
}

/** Name, icon, category fields and company visibility of an article group. */
export function ArticleGroupForm({ title, initialValues, save, actions }: ArticleGroupFormProps) {
  return (
    <Formik
      initialValues={initialValues}
      validate={validate}
      validateOnBlur={false}
      onSubmit={(values) => save(articleGroupInput(values))}
    >
      {({ values, errors, submitCount, isSubmitting, handleChange }) => (
        <Form noValidate aria-label={title}>
          <Stack spacing={4} sx={{ maxWidth: 720 }}>
            <Stack spacing={2}>
              <TextField
                name="name"
                label="Naam"
                required
                value={values.name}
                onChange={handleChange}
                error={submitCount > 0 && Boolean(errors.name)}
                helperText={submitCount > 0 ? errors.name : undefined}
              />
              <TextField
                select
                name="icon"
                label="Icoon"
                value={values.icon}
                onChange={handleChange}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {ICONS.map((icon) => (
                  <option key={icon.value} value={icon.value}>
                    {icon.label}
                  </option>
                ))}
              </TextField>
            </Stack>
            <FieldsTable />
            <CompanyVisibility />
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Opslaan
              </Button>
              <Button component={RouterLink} to={adminPaths.overview('artikelgroepen')}>
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
