import { Box, Button, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { Form, Formik, type FormikErrors, useFormikContext } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useFirstChangeableDay, usePermission } from '../../api/currentUserApi';
import { paths } from '../../base/paths';
import { ScreenTitle } from '../../components/ScreenTitle';
import { beforeDay, billedMonthHint, noonOfDateInput, toDateInput } from './dates';
import { EndUserPicker, type EndUserOption } from './EndUserPicker';
import { useActingCompany, useArticle, useArticleGroup, useRouteIds, useTodayNoon } from './routeData';
import { ScreenState } from './ScreenState';
import {
  categoryFieldsInput,
  endForApi,
  startForApi,
  extraFieldsInput,
  orderReferenceInput,
  type ServiceFieldRights,
  ServiceFields,
  type ServiceFormValues,
} from './ServiceFields';
import { type NewServiceInput, useAddServiceMutation } from './servicesApi';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';

/** The tabs of the add-service screen (docs/screens.md, 'Adding a service'): how the service gets its end user. */
export type EndUserMode = 'existing' | 'new' | 'without';

const MODES: { value: EndUserMode; label: string }[] = [
  { value: 'existing', label: 'Bestaande gebruiker' },
  { value: 'new', label: 'Nieuwe gebruiker' },
  { value: 'without', label: 'Zonder gebruiker' },
];

export type AddServiceValues = ServiceFormValues & {
  mode: EndUserMode;
  endUser: EndUserOption | null;
  firstname: string;
  lastname: string;
};

const emptyValues = (start: number): AddServiceValues => ({
  mode: 'existing',
  endUser: null,
  firstname: '',
  lastname: '',
  order_reference: '',
  start: toDateInput(start),
  end: '',
  fields: {},
  input_field_1: '',
  input_field_2: '',
  input_field_3: '',
  input_field_4: '',
  spie_field_1: '',
  spie_field_2: '',
  spie_field_3: '',
});

export const END_TOO_EARLY = 'De einddatum moet minstens één dag na de startdatum liggen.';

/**
 * docs/screens.md, 'Adding a service': a start is needed; the end, when set, lies at least a day after it. A customer
 * user's start lies on or after `firstDay` (docs/rules.md, 'Billed months are closed'; null: provider staff).
 */
const validateDates = (values: AddServiceValues, firstDay: string | null): FormikErrors<AddServiceValues> => {
  const start = noonOfDateInput(values.start);
  const end = noonOfDateInput(values.end);
  const errors: FormikErrors<AddServiceValues> = {};
  if (start === null) errors.start = 'Vul een startdatum in.';
  else if (firstDay && beforeDay(start, firstDay)) errors.start = billedMonthHint(firstDay);
  if (values.end !== '' && end === null) errors.end = 'Vul een volledige einddatum in.';
  // Days compare as ISO dates: the end day comes after the start day (the end is 00:00 of its day).
  else if (start !== null && end !== null && values.end <= values.start) errors.end = END_TOO_EARLY;
  return errors;
};

/** docs/screens.md, 'Adding a service': 'new' needs both names, 'existing' a chosen user; 'without' always saves. */
const hasEndUser = (values: AddServiceValues) => {
  if (values.mode === 'new') return Boolean(values.firstname.trim() && values.lastname.trim());
  if (values.mode === 'existing') return values.endUser !== null;
  return true;
};

/** Why Opslaan is disabled, said next to it (tied by aria-describedby); null when it is not. */
export const saveBlocker = (values: AddServiceValues, errors: FormikErrors<AddServiceValues>): string | null => {
  if (values.mode === 'existing' && values.endUser === null) return 'Kies eerst een bestaande eindgebruiker om op te slaan.';
  if (values.mode === 'new' && !hasEndUser(values)) return 'Vul de voornaam en achternaam van de nieuwe eindgebruiker in om op te slaan.';
  return Object.keys(errors).length > 0 ? 'Herstel eerst de gemarkeerde velden om op te slaan.' : null;
};

const SAVE_HINT_ID = 'afname-opslaan-uitleg';

const endUserInput = (values: AddServiceValues): Pick<NewServiceInput, 'end_user_id' | 'end_user'> => {
  if (values.mode === 'existing' && values.endUser) return { end_user_id: values.endUser.value };
  if (values.mode === 'new') return { end_user: { firstname: values.firstname.trim(), lastname: values.lastname.trim() } };
  return {};
};

const tabId = (mode: EndUserMode) => `eindgebruiker-tab-${mode}`;
const panelId = (mode: EndUserMode) => `eindgebruiker-paneel-${mode}`;

/** .../{articleId}/{articleName}/toevoegen: add a service (docs/screens.md, 'Adding a service'). */
export function AddServiceScreen() {
  const { groupId, articleId } = useRouteIds();
  const { group, notFound: groupNotFound } = useArticleGroup(groupId);
  const { data: article, notFound } = useArticle(articleId);
  const company = useActingCompany();
  const start = useTodayNoon();
  const firstDay = useFirstChangeableDay();
  const [addService] = useAddServiceMutation();
  const navigate = useNavigate();
  const rights: ServiceFieldRights = {
    editStart: true,
    editEnd: true,
    editCategoryFields: true,
    editFreeFields: usePermission('EDIT_FREE_FIELDS'),
    editSpieFields: usePermission('EDIT_SPIE_FIELDS'),
  };

  if (!group || !article) {
    return <ScreenState notFound={groupNotFound || notFound} message="Dit artikel bestaat niet of hoort niet bij je bedrijf." />;
  }
  const categoryFields = article.article_group.fields;

  // A failure raises the call's toast (servicesApi.ts's declareToasts); Formik then enables saving again.
  const submit = async (values: AddServiceValues) => {
    const service = await addService({
      article_id: article.id,
      ...endUserInput(values),
      order_reference: orderReferenceInput(values),
      start_time: startForApi(values.start)!,
      end_time: endForApi(values.end),
      article_group_field_inputs: categoryFieldsInput(values, categoryFields),
      ...extraFieldsInput(values, rights, company),
    })
      .unwrap()
      .catch(() => null);
    if (service) navigate(paths.service(group, article, service));
  };

  return (
    <>
      <ServicesBreadcrumbs
        crumbs={[
          { label: group.name, to: paths.articleGroup(group) },
          { label: article.name, to: paths.article(group, article) },
          { label: 'Afname toevoegen' },
        ]}
      />
      <ScreenTitle>Afname toevoegen</ScreenTitle>
      <Typography sx={{ mb: 3 }}>
        Artikel: <strong>{article.name}</strong>
      </Typography>
      <Formik initialValues={emptyValues(start)} validate={(values) => validateDates(values, firstDay)} validateOnMount onSubmit={submit}>
        {({ values, errors, isSubmitting }) => {
          const blocker = saveBlocker(values, errors);
          return (
            <Form noValidate aria-label="Afname toevoegen">
              <Stack spacing={3}>
                <EndUserTabs />
                <ServiceFields rights={rights} categoryFields={categoryFields} company={company} />
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={isSubmitting || blocker !== null}
                    aria-describedby={blocker ? SAVE_HINT_ID : undefined}
                  >
                    Opslaan
                  </Button>
                  <Button component={RouterLink} to={paths.article(group, article)}>
                    Annuleren
                  </Button>
                </Stack>
                {blocker && (
                  <Typography id={SAVE_HINT_ID} variant="body2" color="text.secondary">
                    {blocker}
                  </Typography>
                )}
              </Stack>
            </Form>
          );
        }}
      </Formik>
    </>
  );
}

function EndUserTabs() {
  const { values, handleChange, setFieldValue } = useFormikContext<AddServiceValues>();

  return (
    <Box sx={{ maxWidth: 640 }}>
      <Tabs
        value={values.mode}
        onChange={(_event, mode: EndUserMode) => void setFieldValue('mode', mode)}
        aria-label="Eindgebruiker"
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {MODES.map(({ value, label }) => (
          <Tab
            key={value}
            value={value}
            label={label}
            id={tabId(value)}
            aria-controls={value === values.mode ? panelId(value) : undefined}
            sx={{ textTransform: 'none', fontWeight: 600 }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(values.mode)} aria-labelledby={tabId(values.mode)}>
        {values.mode === 'existing' && (
          <EndUserPicker
            inputId="bestaande-gebruiker"
            value={values.endUser}
            onChange={(option) => void setFieldValue('endUser', option)}
          />
        )}
        {values.mode === 'new' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField name="firstname" label="Voornaam" required value={values.firstname} onChange={handleChange} fullWidth />
            <TextField name="lastname" label="Achternaam" required value={values.lastname} onChange={handleChange} fullWidth />
          </Stack>
        )}
        {values.mode === 'without' && <Typography>De afname wordt zonder eindgebruiker vastgelegd.</Typography>}
      </Box>
    </Box>
  );
}
