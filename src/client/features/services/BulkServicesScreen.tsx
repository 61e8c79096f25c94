import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { activeBulkCount, type BulkEntryWithTotal } from '../../../domain/bulk';
import { formatDate, formatDecimal } from '../../../domain/format';
import { useFirstChangeableDay, usePermission } from '../../api/currentUserApi';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { STACKED } from '../../components/DataTable';
import { DateField } from '../../components/DateField';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { billedMonthHint, noonOfDateInput, todayDateInput } from './dates';
import { useArticle, useArticleGroup, useRouteIds, useTodayNoon } from './routeData';
import { ScreenState } from './ScreenState';
import { selectActiveBulkCount, selectBulkHistory, selectFutureBulkChanges } from './selectors';
import { type ArticleQuery, useAddBulkServiceMutation, useDeleteBulkServiceMutation } from './servicesApi';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';

const FORM_HEADING_ID = 'bulk-wijzigen-titel';
const HISTORY_HEADING_ID = 'bulk-historie-titel';

/** '+10', '-3', '0'. */
export const signed = (amount: number) => (amount > 0 ? `+${formatDecimal(amount, 0)}` : formatDecimal(amount, 0));

export interface BulkFormValues {
  amount: string;
  date: string;
}

/** Whether a customer user's entry is dated in a billed month (docs/rules.md, 'Billed months are closed'; `firstDay` null: provider staff). */
const inBilledMonth = (date: string, firstDay: string | null) => firstDay !== null && date < firstDay;

/** docs/screens.md, 'Bulk services screen': valid only with a non-zero whole amount and a date, for a customer user not in a billed month. */
export const bulkFormIsValid = ({ amount, date }: BulkFormValues, firstDay: string | null = null) =>
  /^\s*-?\d{1,7}\s*$/.test(amount) && Number(amount) !== 0 && noonOfDateInput(date) !== null && !inBilledMonth(date, firstDay);

/** .../{articleId}/{articleName}/bulkafnames (docs/screens.md, 'Bulk services screen'). */
export function BulkServicesScreen() {
  const { groupId, articleId } = useRouteIds();
  const { group, notFound: groupNotFound } = useArticleGroup(groupId);
  const { data: article, query, notFound } = useArticle(articleId);
  const mayEdit = usePermission('EDIT_BULK_SERVICES');

  if (!group || !article || !query) {
    return <ScreenState notFound={groupNotFound || notFound} message="Dit artikel bestaat niet of hoort niet bij je bedrijf." />;
  }

  return (
    <>
      <ServicesBreadcrumbs
        crumbs={[
          { label: group.name, to: paths.articleGroup(group) },
          { label: article.name, to: paths.article(group, article) },
          { label: 'Bulkafnames' },
        ]}
      />
      <ScreenTitle>Bulkafnames</ScreenTitle>
      <Typography variant="h2" component="p" sx={{ mb: 3, mt: -2, color: 'text.secondary' }}>
        {article.name}
      </Typography>
      <Stack spacing={4} sx={{ maxWidth: 800 }}>
        <BulkSummary query={query} />
        {mayEdit && <BulkForm articleId={article.id} />}
        <BulkHistory query={query} mayEdit={mayEdit} />
      </Stack>
    </>
  );
}

function BulkSummary({ query }: { query: ArticleQuery }) {
  const at = useTodayNoon();
  const active = useAppSelector((state) => selectActiveBulkCount(state, query, at));
  const { netChange, mutations } = useAppSelector((state) => selectFutureBulkChanges(state, query, at));

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
        <Box>
          <Typography sx={{ color: 'text.secondary' }}>Actief aantal</Typography>
          <Typography sx={{ fontSize: '2rem', fontWeight: 600 }}>
            {formatDecimal(active, 0)}
          </Typography>
        </Box>
        <Box>
          <Typography sx={{ color: 'text.secondary' }}>Toekomstige wijziging</Typography>
          <Typography sx={{ fontSize: '2rem', fontWeight: 600 }}>{signed(netChange)}</Typography>
          {mutations.length > 0 && (
            <Box component="ul" aria-label="Toekomstige wijzigingen" sx={{ m: 0, pl: 2.5 }}>
              {mutations.map((mutation) => (
                <li key={mutation.id}>
                  {formatDate(mutation.time)}: {signed(mutation.amount)} (totaal {formatDecimal(mutation.total, 0)})
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

function BulkForm({ articleId }: { articleId: number }) {
  const [addBulkService] = useAddBulkServiceMutation();
  const firstDay = useFirstChangeableDay();

  // A refusal raises 'Er zijn niet genoeg afnames om te verwijderen.' (servicesApi.ts's declareToasts).
  const submit = async (values: BulkFormValues, { resetForm }: FormikHelpers<BulkFormValues>) => {
    const saved = await addBulkService({ articleId, amount: Number(values.amount), time: noonOfDateInput(values.date)! })
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (saved) resetForm();
  };

  return (
    <Box component="section" aria-labelledby={FORM_HEADING_ID}>
      <Typography variant="h2" id={FORM_HEADING_ID} sx={{ mb: 2 }}>
        Toevoegen of verwijderen
      </Typography>
      <Formik initialValues={{ amount: '', date: todayDateInput() }} onSubmit={submit}>
        {({ values, handleChange, setFieldValue, isSubmitting }) => (
          <Form noValidate aria-labelledby={FORM_HEADING_ID}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
              <TextField
                name="amount"
                type="number"
                label="Aantal"
                value={values.amount}
                onChange={handleChange}
                helperText="Positief voegt toe, negatief verwijdert."
                slotProps={{ htmlInput: { step: 1 } }}
              />
              <DateField
                name="date"
                label="Datum"
                value={values.date}
                onChange={(date) => setFieldValue('date', date)}
                error={inBilledMonth(values.date, firstDay)}
                helperText={inBilledMonth(values.date, firstDay) ? billedMonthHint(firstDay!) : 'Gaat in om 12:00 uur.'}
                min={firstDay}
              />
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting || !bulkFormIsValid(values, firstDay)} sx={{ mt: 0.5 }}>
                Opslaan
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Box>
  );
}

function BulkHistory({ query, mayEdit }: { query: ArticleQuery; mayEdit: boolean }) {
  const history = useAppSelector((state) => selectBulkHistory(state, query));
  const { isFetching } = useArticle(query.id);
  const at = useTodayNoon();

  return (
    <Box component="section" aria-labelledby={HISTORY_HEADING_ID}>
      <Typography variant="h2" id={HISTORY_HEADING_ID} sx={{ mb: 2 }}>
        Historie
      </Typography>
      {history.length === 0 ? (
        isFetching ? <PageLoading /> : <Typography>Er zijn nog geen bulkafnames.</Typography>
      ) : (
        <Table size="small" aria-labelledby={HISTORY_HEADING_ID} role="table" sx={STACKED}>
          <TableHead role="rowgroup">
            <TableRow role="row">
              <TableCell role="columnheader">Datum</TableCell>
              <TableCell align="right" role="columnheader">
                Aantal
              </TableCell>
              <TableCell align="right" role="columnheader">
                Totaal
              </TableCell>
              {mayEdit && (
                <TableCell align="right" role="columnheader">
                  Acties
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup">
            {history.map((entry) => (
              <BulkHistoryRow
                key={entry.id}
                entry={entry}
                articleId={query.id}
                mayEdit={mayEdit}
                activeAfterRemoval={() => activeBulkCount(history.filter((other) => other.id !== entry.id), at)}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

interface BulkHistoryRowProps {
  entry: BulkEntryWithTotal;
  articleId: number;
  mayEdit: boolean;
  /** The active count today once this entry is gone, for the confirmation (asked only when it opens). */
  activeAfterRemoval: () => number;
}

function BulkHistoryRow({ entry, articleId, mayEdit, activeAfterRemoval }: BulkHistoryRowProps) {
  const [deleteBulkService, { isLoading }] = useDeleteBulkServiceMutation();
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    setAsking(false);
    // 'Bulkafname verwijderd.' or the refusal follow as toasts (servicesApi.ts's declareToasts).
    void deleteBulkService({ articleId, id: entry.id });
  };

  return (
    <TableRow role="row">
      <TableCell role="cell" data-label="Datum">
        {formatDate(entry.time)}
      </TableCell>
      <TableCell align="right" role="cell" data-label="Aantal">
        {signed(entry.amount)}
      </TableCell>
      <TableCell align="right" role="cell" data-label="Totaal">
        {formatDecimal(entry.total, 0)}
      </TableCell>
      {mayEdit && (
        <TableCell align="right" sx={{ py: 0 }} role="cell" data-label="Acties">
          <Tooltip title="Bulkafname verwijderen">
            <span>
              <IconButton aria-label="Bulkafname verwijderen" disabled={isLoading} onClick={() => setAsking(true)}>
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
          {asking && (
            <ConfirmDialog
              title="Bulkafname verwijderen"
              text={`Weet je zeker dat je de bulkafname van ${signed(entry.amount)} op ${formatDate(entry.time)} wilt verwijderen? Het actieve aantal is daarna ${formatDecimal(activeAfterRemoval(), 0)}.`}
              confirmLabel="Verwijderen"
              busy={isLoading}
              onConfirm={confirm}
              onCancel={() => setAsking(false)}
            />
          )}
        </TableCell>
      )}
    </TableRow>
  );
}
