import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useFormikContext } from 'formik';
import { MSG } from '../../../domain/messages';
import { usePermission } from '../../api/currentUserApi';
import { selectBillingCycles, useGetBillingCyclesQuery } from '../../api/catalogApi';
import { useAppSelector } from '../../base/hooks';
import type { Article, ArticleInput } from './servicesApi';

/** The article form as typed; amounts stay the user's text (comma or dot). */
export interface ArticleFormValues {
  name: string;
  sku: string;
  description: string;
  price: string;
  setup_price: string;
  billing_cycle_id: number;
  is_visible: boolean;
  gigabyte: string;
  from_group_bundle: boolean;
}

/** docs/screens.md, 'Article forms': the group bundle size exists only for mobile telephony. */
export const hasGigabyteField = (groupName: string) => groupName === 'Mobiele telefonie';

const AMOUNT = /^\s*\d{1,12}([.,]\d{1,6})?\s*$/;

/** An amount the server accepts, or a message. Empty is allowed: price and setup are not checked. */
export const amountError = (value: string): string | undefined =>
  value.trim() === '' || AMOUNT.test(value) ? undefined : 'Vul een bedrag in, bijvoorbeeld 12,50.';

export const validateArticleForm = (values: ArticleFormValues) => {
  const errors: Partial<Record<keyof ArticleFormValues, string>> = {};
  for (const field of ['price', 'setup_price', 'gigabyte'] as const) {
    const error = amountError(values[field]);
    if (error) errors[field] = error;
  }
  return errors;
};

/** A new article defaults to billing cycle 1 and is visible (docs/screens.md, 'Article forms'). */
export const emptyArticleForm: ArticleFormValues = {
  name: '',
  sku: '',
  description: '',
  price: '',
  setup_price: '',
  billing_cycle_id: 1,
  is_visible: true,
  gigabyte: '',
  from_group_bundle: false,
};

/** An amount from the API in the user's notation, exactly: 12.5 -> "12,5". */
const amountText = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

export const articleFormValues = (article: Article): ArticleFormValues => ({
  name: article.name,
  sku: article.sku ?? '',
  description: article.description,
  price: amountText(article.price),
  setup_price: amountText(article.setup_price),
  billing_cycle_id: article.billing_cycle_id,
  is_visible: article.is_visible,
  gigabyte: amountText(article.gigabyte),
  from_group_bundle: article.from_group_bundle,
});

/** Without EDIT_PRICES the prices are left out: the server keeps them (docs/permissions.md, 'Who may edit prices'). */
export const articleInput = (values: ArticleFormValues, withGigabyte: boolean, withPrices: boolean): ArticleInput => ({
  name: values.name.trim(),
  sku: values.sku.trim() || null,
  description: values.description.trim(),
  ...(withPrices ? { price: values.price.trim() || '0', setup_price: values.setup_price.trim() || '0' } : {}),
  is_visible: values.is_visible,
  gigabyte: withGigabyte ? values.gigabyte.trim() || null : null,
  from_group_bundle: values.from_group_bundle,
});

const PRICES_BY_PROVIDER = 'Prijzen worden vastgesteld door je accountmanager.';

/** The note on a locked billing cycle must stay readable, not greyed out like the field. */
const readableWhenDisabled = { '&.Mui-disabled': { color: 'text.secondary' } };

interface ArticleFieldsProps {
  withGigabyte: boolean;
  /** docs/screens.md, 'Article forms': an existing article keeps its billing cycle. */
  billingCycleLocked?: boolean;
  /** Adding checks name and description (docs/screens.md, 'Article forms'): marked, and named at the field after a save. */
  checkRequired?: boolean;
}

/** The fields of the add and edit article forms. */
export function ArticleFields({ withGigabyte, billingCycleLocked = false, checkRequired = false }: ArticleFieldsProps) {
  const { values, errors, submitCount, handleChange, setFieldValue } = useFormikContext<ArticleFormValues>();
  // The same texts as the toasts (AddArticleScreen), next to the field they are about.
  const missing = (field: 'name' | 'description', message: string) =>
    checkRequired && submitCount > 0 && !values[field].trim() ? message : undefined;
  const nameMissing = missing('name', MSG.articleNameRequired);
  const descriptionMissing = missing('description', MSG.articleDescriptionRequired);
  // docs/permissions.md, 'Who may edit prices': prices are the provider's; others see them read-only.
  const mayEditPrices = usePermission('EDIT_PRICES');
  const priceProps = mayEditPrices
    ? { required: true, onChange: handleChange }
    : { slotProps: { htmlInput: { readOnly: true } }, helperText: PRICES_BY_PROVIDER };
  useGetBillingCyclesQuery();
  const billingCycles = useAppSelector(selectBillingCycles);

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <TextField
        name="name"
        label="Artikelnaam"
        required={checkRequired}
        error={nameMissing !== undefined}
        helperText={nameMissing}
        value={values.name}
        onChange={handleChange}
      />
      <TextField name="sku" label="SKU" value={values.sku} onChange={handleChange} />
      <TextField
        name="description"
        label="Omschrijving"
        required={checkRequired}
        error={descriptionMissing !== undefined}
        helperText={descriptionMissing}
        value={values.description}
        onChange={handleChange}
        multiline
        minRows={3}
      />
      <TextField
        name="price"
        label="Prijs"
        value={values.price}
        error={Boolean(errors.price)}
        helperText={errors.price ?? 'In euro per facturatieperiode, bijvoorbeeld 12,50.'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...priceProps}
      />
      <TextField
        name="setup_price"
        label="Eenmalige kosten"
        value={values.setup_price}
        error={Boolean(errors.setup_price)}
        helperText={errors.setup_price ?? 'In euro.'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...priceProps}
      />
      <TextField
        select
        name="billing_cycle_id"
        label="Facturatiecyclus"
        value={values.billing_cycle_id}
        onChange={(event) => void setFieldValue('billing_cycle_id', Number(event.target.value))}
        disabled={billingCycleLocked}
        helperText={billingCycleLocked ? 'De facturatiecyclus van een bestaand artikel ligt vast.' : undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, formHelperText: { sx: readableWhenDisabled } }}
      >
        {billingCycles.length === 0 && <option value={values.billing_cycle_id}>{values.billing_cycle_id}</option>}
        {billingCycles.map((cycle) => (
          <option key={cycle.id} value={cycle.id}>
            {cycle.name}
          </option>
        ))}
      </TextField>
      {withGigabyte && (
        <TextField
          name="gigabyte"
          label="Gigabyte"
          value={values.gigabyte}
          onChange={handleChange}
          error={Boolean(errors.gigabyte)}
          helperText={errors.gigabyte ?? 'Bundelgrootte in GB.'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      <FormControlLabel
        control={<Checkbox name="is_visible" checked={values.is_visible} onChange={handleChange} />}
        label="Zichtbaar"
      />
      <FormControlLabel
        control={<Checkbox name="from_group_bundle" checked={values.from_group_bundle} onChange={handleChange} />}
        label="Uit groepsbundel"
      />
    </Stack>
  );
}
