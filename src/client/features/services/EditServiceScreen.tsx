import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { Form, Formik, type FormikErrors } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { type Company, usePermission } from '../../api/currentUserApi';
import type { ArticleGroup } from '../../api/catalogApi';
import { paths } from '../../base/paths';
import { ScreenTitle } from '../../components/ScreenTitle';
import { endsTodayOrEarlier, noonOfDateInput, toDateInput } from './dates';
import { useActingCompany, useArticleGroup, useRouteIds, useService } from './routeData';
import { ScreenState } from './ScreenState';
import {
  categoryFieldsInput,
  endForApi,
  startForApi,
  extraFieldsInput,
  fieldKey,
  orderReferenceInput,
  type ServiceFieldRights,
  ServiceFields,
  type ServiceFormValues,
} from './ServiceFields';
import { endUserName, HIDDEN_FIELD } from './serviceText';
import { type Service, type ServiceInput, useDeleteServiceMutation, useEditServiceMutation } from './servicesApi';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';

export const START_AFTER_END = 'De startdatum mag niet na de einddatum liggen.';
export const END_BEFORE_START = 'De einddatum mag niet voor de startdatum liggen.';

const formValues = (service: Service): ServiceFormValues => ({
  order_reference: service.order_reference ?? '',
  start: toDateInput(service.start_time),
  end: service.end_time === null ? '' : toDateInput(service.end_time),
  fields: Object.fromEntries(service.article_group_field_inputs.map((input) => [fieldKey(input.article_group_field_id), input.value])),
  input_field_1: service.input_field_1 ?? '',
  input_field_2: service.input_field_2 ?? '',
  input_field_3: service.input_field_3 ?? '',
  input_field_4: service.input_field_4 ?? '',
  spie_field_1: service.spie_field_1 ?? '',
  spie_field_2: service.spie_field_2 ?? '',
  spie_field_3: service.spie_field_3 ?? '',
});

/** docs/screens.md, 'Editing a service': start not after end, end not before start. */
const validateDates = (values: ServiceFormValues): FormikErrors<ServiceFormValues> => {
  const start = noonOfDateInput(values.start);
  const end = noonOfDateInput(values.end);
  const errors: FormikErrors<ServiceFormValues> = {};
  if (start === null) errors.start = 'Vul een startdatum in.';
  if (values.end !== '' && end === null) errors.end = 'Vul een volledige einddatum in.';
  // A service ended on its start day would be active on no day (its end is 00:00, its start 12:00).
  if (start !== null && end !== null && values.end <= values.start) {
    errors.start = START_AFTER_END;
    errors.end = END_BEFORE_START;
  }
  return errors;
};

/**
 * What the user changed and may change. Dates go only when edited (the fields hold days, and a
 * service may start at another time than 12:00); the category fields keep the hidden 'Data' value, since the server replaces them all.
 */
const serviceInput = (
  values: ServiceFormValues,
  initial: ServiceFormValues,
  service: Service,
  group: ArticleGroup,
  rights: ServiceFieldRights,
  company: Company | undefined,
): ServiceInput => ({
  order_reference: orderReferenceInput(values),
  ...(rights.editStart && values.start !== initial.start ? { start_time: startForApi(values.start)! } : {}),
  ...(rights.editEnd && values.end !== initial.end ? { end_time: endForApi(values.end) } : {}),
  ...(rights.editCategoryFields
    ? {
        article_group_field_inputs: [
          ...categoryFieldsInput(values, group.fields),
          ...service.article_group_field_inputs
            .filter((input) => input.article_group_field.name === HIDDEN_FIELD)
            .map(({ article_group_field_id, value }) => ({ article_group_field_id, value })),
        ],
      }
    : {}),
  ...extraFieldsInput(values, rights, company),
});

/** .../{serviceId}/{endUserUrlName}/edit: edit or delete a service (docs/screens.md, 'Editing a service'). */
export function EditServiceScreen() {
  const { groupId, serviceId } = useRouteIds();
  const { group, notFound: groupNotFound } = useArticleGroup(groupId);
  const { data: service, notFound } = useService(serviceId);
  const company = useActingCompany();
  const [editService] = useEditServiceMutation();
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const mayStop = usePermission('STOP_SERVICE');
  const rights: ServiceFieldRights = {
    editStart: usePermission('EDIT_START_SERVICE'),
    editEnd: mayStop,
    editCategoryFields: usePermission('EDIT_CATEGORY_FIELDS'),
    editFreeFields: usePermission('EDIT_FREE_FIELDS'),
    editSpieFields: usePermission('EDIT_SPIE_FIELDS'),
  };

  if (!group || !service) {
    return <ScreenState notFound={groupNotFound || notFound} message="Deze afname bestaat niet of hoort niet bij je bedrijf." />;
  }
  const { article } = service;
  const initial = formValues(service);

  // A failure raises the call's toast (servicesApi.ts's declareToasts); Formik then enables saving again.
  const submit = async (values: ServiceFormValues) => {
    const input = serviceInput(values, initial, service, group, rights, company);
    const saved = await editService({ id: service.id, articleId: article.id, ...input })
      .unwrap()
      .catch(() => null);
    if (!saved) return;
    // docs/screens.md, 'Editing a service': an ended service is no longer listed with it, so go back to the article.
    const ended = saved.end_time !== null && endsTodayOrEarlier(saved.end_time);
    navigate(ended ? paths.article(group, article) : paths.service(group, article, saved));
  };

  return (
    <>
      <ServicesBreadcrumbs
        crumbs={[
          { label: group.name, to: paths.articleGroup(group) },
          { label: article.name, to: paths.article(group, article) },
          { label: endUserName(service.end_user), to: paths.service(group, article, service) },
          { label: 'Bewerken' },
        ]}
      />
      <ScreenTitle>Afname bewerken</ScreenTitle>
      <Typography sx={{ mb: 1 }}>
        Artikel: <strong>{article.name}</strong>
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Eindgebruiker: <strong>{endUserName(service.end_user)}</strong>
      </Typography>
      <Formik initialValues={initial} validate={validateDates} validateOnMount onSubmit={submit}>
        {({ errors, isSubmitting }) => (
          <Form noValidate aria-label="Afname bewerken">
            <Stack spacing={3}>
              <ServiceFields rights={rights} categoryFields={group.fields} company={company} />
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
                <Button type="submit" variant="contained" disabled={isSubmitting || Object.keys(errors).length > 0}>
                  Opslaan
                </Button>
                <Button component={RouterLink} to={paths.service(group, article, service)}>
                  Annuleren
                </Button>
                {mayStop && (
                  <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
                    Verwijderen
                  </Button>
                )}
              </Stack>
            </Stack>
          </Form>
        )}
      </Formik>
      {deleting && (
        <DeleteServiceDialog
          service={service}
          onDeleted={() => navigate(paths.article(group, article))}
          onClose={() => setDeleting(false)}
        />
      )}
    </>
  );
}

interface DeleteServiceDialogProps {
  service: Service;
  onDeleted: () => void;
  onClose: () => void;
}

type Outcome = 'asking' | 'deleted' | 'failed';

/** docs/screens.md, 'Editing a service': confirm, hard delete, then 'Gelukt!' or 'Whoops!'. */
function DeleteServiceDialog({ service, onDeleted, onClose }: DeleteServiceDialogProps) {
  const [deleteService, { isLoading }] = useDeleteServiceMutation();
  const [outcome, setOutcome] = useState<Outcome>('asking');

  const confirm = async () => {
    const deleted = await deleteService({ id: service.id, articleId: service.article_id })
      .unwrap()
      .then(() => true)
      .catch(() => false);
    setOutcome(deleted ? 'deleted' : 'failed');
  };

  if (outcome === 'asking') {
    return (
      <Dialog open onClose={onClose} aria-labelledby="afname-verwijderen-titel" aria-describedby="afname-verwijderen-tekst">
        <DialogTitle id="afname-verwijderen-titel">Afname verwijderen</DialogTitle>
        <DialogContent>
          <DialogContentText id="afname-verwijderen-tekst">
            {`Weet je zeker dat je de afname '${service.article.name}' van ${endUserName(service.end_user)} wilt verwijderen? De hele geschiedenis verdwijnt en er worden geen kosten meer voor berekend.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annuleren</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
            Verwijderen
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const deleted = outcome === 'deleted';
  const finish = deleted ? onDeleted : onClose;
  return (
    <Dialog open onClose={finish} aria-labelledby="afname-verwijderd-titel" aria-describedby="afname-verwijderd-tekst">
      <DialogTitle id="afname-verwijderd-titel">{deleted ? MSG.deleteSuccessTitle : MSG.deleteFailureTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="afname-verwijderd-tekst">
          {deleted ? MSG.deleteSuccessBody : MSG.deleteFailureBody}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={finish} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
