import { Alert, Button, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG, TOAST_MS } from '../../../domain/messages';
import { usePermission } from '../../api/currentUserApi';
import { useAppDispatch } from '../../base/hooks';
import { paths } from '../../base/paths';
import { endpointToastsClosed, toastQueued } from '../../base/toastsSlice';
import { ScreenTitle } from '../../components/ScreenTitle';
import {
  ArticleFields,
  type ArticleFormValues,
  articleInput,
  emptyArticleForm,
  hasGigabyteField,
  validateArticleForm,
} from './ArticleFields';
import { serverMessage } from './errors';
import { useArticleGroup, useRouteIds } from './routeData';
import { ScreenState } from './ScreenState';
import { servicesApi, useAddArticleMutation } from './servicesApi';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';

/** docs/screens.md, 'Article forms': the messages of the add-article rules, as toasts, before any request. */
const missingFields = (values: ArticleFormValues): string[] => [
  ...(values.name.trim() ? [] : [MSG.articleNameRequired]),
  ...(values.description.trim() ? [] : [MSG.articleDescriptionRequired]),
];

const ADD_ARTICLE = 'addArticle' satisfies keyof typeof servicesApi.endpoints;

/** /mijn-diensten/{groupId}/{groupName}/toevoegen */
export function AddArticleScreen() {
  const { groupId } = useRouteIds();
  const { group, notFound } = useArticleGroup(groupId);
  const [addArticle] = useAddArticleMutation();
  const mayEditPrices = usePermission('EDIT_PRICES');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  if (!group) return <ScreenState notFound={notFound} message="Deze artikelgroep bestaat niet of is niet zichtbaar voor je bedrijf." />;
  const withGigabyte = hasGigabyteField(group.name);

  const submit = async (values: ArticleFormValues, setStatus: (status?: string) => void) => {
    setStatus(undefined);
    const missing = missingFields(values);
    // Tied to the save's endpoint: the next try closes them, so only what still holds shows.
    dispatch(endpointToastsClosed(ADD_ARTICLE));
    if (missing.length > 0) {
      for (const message of missing) dispatch(toastQueued({ message, autoHideDuration: TOAST_MS.default }, ADD_ARTICLE));
      return;
    }
    try {
      const article = await addArticle({
        ...articleInput(values, withGigabyte, mayEditPrices),
        billing_cycle_id: values.billing_cycle_id,
        article_group_id: group.id,
      }).unwrap();
      navigate(paths.article(group, article));
    } catch (error) {
      setStatus(serverMessage(error));
    }
  };

  return (
    <>
      <ServicesBreadcrumbs crumbs={[{ label: group.name, to: paths.articleGroup(group) }, { label: 'Artikel toevoegen' }]} />
      <ScreenTitle>Artikel toevoegen</ScreenTitle>
      <Formik
        initialValues={emptyArticleForm}
        validate={validateArticleForm}
        onSubmit={(values, { setStatus }) => submit(values, setStatus)}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate aria-label="Artikel toevoegen">
            <Stack spacing={3}>
              {status && <Alert severity="error">{status}</Alert>}
              <ArticleFields withGigabyte={withGigabyte} checkRequired />
              <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  Opslaan
                </Button>
                <Button component={RouterLink} to={paths.articleGroup(group)}>
                  Annuleren
                </Button>
              </Stack>
            </Stack>
          </Form>
        )}
      </Formik>
    </>
  );
}
