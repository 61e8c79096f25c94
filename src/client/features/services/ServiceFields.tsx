import { Stack, TextField, Typography } from '@mui/material';
import { useFormikContext } from 'formik';
import type { Company } from '../../api/currentUserApi';
import type { ArticleGroupField } from '../../api/catalogApi';
import { DateField } from '../../components/DateField';
import { midnightOfDateInput, noonOfDateInput, toApiDateTime } from './dates';
import { labelledFreeFields, SPIE_LABELS, shownCategoryFields } from './serviceText';
import { type FreeField, type ServiceInput, SPIE_FIELDS, type SpieField } from './servicesApi';

/** The service fields as typed; dates are days of the business zone as ISO dates (dates.ts). */
export type ServiceFormValues = {
  order_reference: string;
  start: string;
  end: string;
  /** Category field values by fieldKey(field id). */
  fields: Record<string, string>;
} & Record<FreeField | SpieField, string>;

export interface ServiceFieldRights {
  editStart: boolean;
  editEnd: boolean;
  editCategoryFields: boolean;
  editFreeFields: boolean;
  editSpieFields: boolean;
}

interface ServiceFieldsProps {
  rights: ServiceFieldRights;
  categoryFields: ArticleGroupField[];
  company: Company | undefined;
}

/** Formik would read a numeric path segment as an array index. */
export const fieldKey = (fieldId: number) => `f${fieldId}`;

const nullIfEmpty = (value: string) => value.trim() || null;

/** The free and provider fields to send: only those the user may edit, empty as null. */
export const extraFieldsInput = (
  values: ServiceFormValues,
  rights: ServiceFieldRights,
  company: Company | undefined,
): ServiceInput => ({
  ...(rights.editFreeFields
    ? Object.fromEntries(labelledFreeFields(company).map(({ field }) => [field, nullIfEmpty(values[field])]))
    : {}),
  ...(rights.editSpieFields ? Object.fromEntries(SPIE_FIELDS.map((field) => [field, nullIfEmpty(values[field])])) : {}),
});

/** docs/api.md, 'Paths and parameters': the category field values without the empty ones. */
export const categoryFieldsInput = (values: ServiceFormValues, fields: ArticleGroupField[]) =>
  shownCategoryFields(fields).flatMap((field) => {
    const value = values.fields[fieldKey(field.id)]?.trim() ?? '';
    return value ? [{ article_group_field_id: field.id, value }] : [];
  });

export const orderReferenceInput = (values: ServiceFormValues) => nullIfEmpty(values.order_reference);

const forApi = (epoch: number | null): string | null => (epoch === null ? null : toApiDateTime(epoch));

/** A service's start as the API takes it: 12:00 business time of the day (docs/screens.md, 'Adding a service'). */
export const startForApi = (value: string): string | null => forApi(noonOfDateInput(value));

/** A service's end as the API takes it: 00:00 business time of the day (dates.ts); null when empty. */
export const endForApi = (value: string): string | null => forApi(midnightOfDateInput(value));

/** Order reference, dates, category, free and provider fields of the add and edit service forms. */
export function ServiceFields({ rights, categoryFields, company }: ServiceFieldsProps) {
  const { values, errors, handleChange, setFieldValue } = useFormikContext<ServiceFormValues>();
  const freeFields = rights.editFreeFields ? labelledFreeFields(company) : [];
  const shownFields = rights.editCategoryFields ? shownCategoryFields(categoryFields) : [];

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <TextField name="order_reference" label="Orderreferentie" value={values.order_reference} onChange={handleChange} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          name="start"
          label="Startdatum"
          value={values.start}
          onChange={(date) => setFieldValue('start', date)}
          disabled={!rights.editStart}
          error={Boolean(errors.start)}
          helperText={errors.start ?? (rights.editStart ? 'Gaat in om 12:00 uur.' : undefined)}
          fullWidth
        />
        {rights.editEnd && (
          <DateField
            name="end"
            label="Einddatum"
            value={values.end}
            onChange={(date) => setFieldValue('end', date)}
            error={Boolean(errors.end)}
            helperText={errors.end ?? 'Optioneel.'}
            fullWidth
          />
        )}
      </Stack>
      {shownFields.length > 0 && <FieldGroupTitle>Categorievelden</FieldGroupTitle>}
      {shownFields.map((field) => (
        <TextField
          key={field.id}
          name={`fields.${fieldKey(field.id)}`}
          label={field.name}
          value={values.fields[fieldKey(field.id)] ?? ''}
          onChange={handleChange}
        />
      ))}
      {freeFields.length > 0 && <FieldGroupTitle>Vrije velden</FieldGroupTitle>}
      {freeFields.map(({ field, label }) => (
        <TextField key={field} name={field} label={label} value={values[field]} onChange={handleChange} />
      ))}
      {rights.editSpieFields && <FieldGroupTitle>Leveranciersvelden</FieldGroupTitle>}
      {rights.editSpieFields &&
        SPIE_FIELDS.map((field, index) => (
          <TextField key={field} name={field} label={SPIE_LABELS[index]} value={values[field]} onChange={handleChange} />
        ))}
    </Stack>
  );
}

function FieldGroupTitle({ children }: { children: string }) {
  return (
    <Typography variant="h3" component="h2" sx={{ pt: 1 }}>
      {children}
    </Typography>
  );
}
