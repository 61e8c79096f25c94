import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDate, formatEuro } from '../../../domain/format';
import { usePermission } from '../../api/currentUserApi';
import type { ArticleGroup } from '../../api/catalogApi';
import { paths } from '../../base/paths';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ScreenTitle } from '../../components/ScreenTitle';
import {
  ArticleFields,
  type ArticleFormValues,
  articleFormValues,
  articleInput,
  hasGigabyteField,
  validateArticleForm,
} from './ArticleFields';
import { serverMessage } from './errors';
import { useArticle, useArticleGroup, useRouteIds } from './routeData';
import { ScreenState } from './ScreenState';
import { type ArticleDetail, type PriceHistoryEntry, useDeleteArticleMutation, useEditArticleMutation } from './servicesApi';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';
import { ExclVatNote } from '../../components/ExclVatNote';

const HISTORY_HEADING_ID = 'prijshistorie-titel';

/** .../{articleId}/{articleName}/bewerken (docs/screens.md, 'Article forms'). */
export function EditArticleScreen() {
  const { groupId, articleId } = useRouteIds();
  const { group, notFound: groupNotFound } = useArticleGroup(groupId);
  const { data: article, notFound } = useArticle(articleId);
  const [editArticle] = useEditArticleMutation();
  const mayEditPrices = usePermission('EDIT_PRICES');
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();

  if (!group || !article) {
    return <ScreenState notFound={groupNotFound || notFound} message="Dit artikel bestaat niet of hoort niet bij je bedrijf." />;
  }
  const withGigabyte = hasGigabyteField(group.name);

  const submit = async (values: ArticleFormValues, setStatus: (status?: string) => void) => {
    setStatus(undefined);
    try {
      const saved = await editArticle({ id: article.id, ...articleInput(values, withGigabyte, mayEditPrices) }).unwrap();
      navigate(paths.article(group, saved));
    } catch (error) {
      setStatus(serverMessage(error));
    }
  };

  return (
    <>
      <ServicesBreadcrumbs
        crumbs={[
          { label: group.name, to: paths.articleGroup(group) },
          { label: article.name, to: paths.article(group, article) },
          { label: 'Bewerken' },
        ]}
      />
      <ScreenTitle>Artikel bewerken</ScreenTitle>
      <Stack spacing={4}>
        <Formik
          initialValues={articleFormValues(article)}
          validate={validateArticleForm}
          onSubmit={(values, { setStatus }) => submit(values, setStatus)}
        >
          {({ isSubmitting, status }) => (
            <Form noValidate aria-label="Artikel bewerken">
              <Stack spacing={3}>
                {status && <Alert severity="error">{status}</Alert>}
                <ArticleFields withGigabyte={withGigabyte} billingCycleLocked />
                <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    Opslaan
                  </Button>
                  <Button component={RouterLink} to={paths.article(group, article)}>
                    Annuleren
                  </Button>
                  <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
                    Verwijderen
                  </Button>
                </Stack>
              </Stack>
            </Form>
          )}
        </Formik>
        <PriceHistory entries={article.price_history} />
      </Stack>
      {deleting && <DeleteArticleDialog group={group} article={article} onCancel={() => setDeleting(false)} />}
    </>
  );
}

/** docs/screens.md, 'Article forms': the price history is read-only. */
const PRICE_HISTORY_COLUMNS: DataColumn<PriceHistoryEntry>[] = [
  { header: 'Vanaf', cell: (entry) => formatDate(entry.from_time) },
  { header: 'Prijs', align: 'right', cell: (entry) => formatEuro(entry.price) },
  { header: 'Eenmalige kosten', align: 'right', cell: (entry) => formatEuro(entry.setup_price) },
];

function PriceHistory({ entries }: { entries: PriceHistoryEntry[] }) {
  return (
    <Box component="section" aria-labelledby={HISTORY_HEADING_ID} sx={{ maxWidth: 640 }}>
      <Typography variant="h2" id={HISTORY_HEADING_ID} sx={{ mb: 1 }}>
        Prijshistorie
      </Typography>
      {entries.length === 0 ? (
        <Typography>Er is nog geen prijshistorie.</Typography>
      ) : (
        <DataTable labelledBy={HISTORY_HEADING_ID} columns={PRICE_HISTORY_COLUMNS} rows={entries} rowKey={(entry) => entry.id} />
      )}
      <ExclVatNote sx={{ mt: 1 }} />
    </Box>
  );
}

interface DeleteArticleDialogProps {
  group: ArticleGroup;
  article: ArticleDetail;
  onCancel: () => void;
}

/**
 * docs/screens.md, 'Deleting an article': deleting asks for confirmation. A refusal shows the server's message; closing
 * the dialog after that goes back to the group.
 */
function DeleteArticleDialog({ group, article, onCancel }: DeleteArticleDialogProps) {
  const [deleteArticle, { isLoading }] = useDeleteArticleMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const navigate = useNavigate();
  const toGroup = () => navigate(paths.articleGroup(group));

  const confirm = async () => {
    try {
      await deleteArticle(article.id).unwrap();
      toGroup();
    } catch (error) {
      setRefusal(serverMessage(error));
    }
  };

  const close = refusal ? toGroup : onCancel;

  return (
    <Dialog open onClose={close} aria-labelledby="artikel-verwijderen-titel" aria-describedby="artikel-verwijderen-tekst">
      <DialogTitle id="artikel-verwijderen-titel">Artikel verwijderen</DialogTitle>
      <DialogContent>
        <DialogContentText id="artikel-verwijderen-tekst">{`Weet je zeker dat je het artikel '${article.name}' uit ${group.name} wilt verwijderen?`}</DialogContentText>
        {refusal && (
          <Typography role="alert" sx={{ color: 'error.main', mt: 2 }}>
            {refusal}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Annuleren</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading || refusal !== null}>
          Verwijderen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
