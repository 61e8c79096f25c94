import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Checkbox, FormControlLabel, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatEuro, formatGb } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { BLOCK_STATE_LABELS, isSimField } from '../../../domain/requests';
import { usePermission } from '../../api/currentUserApi';
import type { ArticleGroup, ArticleGroupField } from '../../api/catalogApi';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { servicesPaths } from './servicesPaths';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { DetailList } from './DetailList';
import { endUserName, fieldValueById } from './serviceText';
import { useActingCompany, useArticle, useArticleGroup, useRouteIds, useShowHistoric, useTodayNoon } from './routeData';
import { selectActiveBulkCount } from './selectors';
import { useServiceWindows } from './useServiceWindows';
import { ScreenState } from './ScreenState';
import type { ArticleDetail, ServiceRow } from './servicesApi';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';
import { type Column, VirtualTable } from '../../components/VirtualTable';
import { ExclVatNote } from '../../components/ExclVatNote';

const TABLE_HEADING_ID = 'afnames-titel';
const SIM_FIELD = 'SIM nummer';
const PHONE_FIELD = 'Telefoonnummer';

/** docs/screens.md, 'Article page': SIM and phone columns when the group has those fields, then free field 1. */
const serviceColumns = (fields: ArticleGroupField[], inputLabel1: string | null | undefined): Column<ServiceRow>[] => {
  const fieldColumn = (id: string, name: string): Column<ServiceRow>[] => {
    const field = fields.find((f) => f.name === name);
    return field ? [{ id, header: name, cell: (row) => fieldValueById(row, field.id) }] : [];
  };
  return [
    { id: 'end-user', header: 'Eindgebruiker', cell: (row) => endUserName(row.end_user) },
    ...fieldColumn('sim', SIM_FIELD),
    ...fieldColumn('phone', PHONE_FIELD),
    ...(inputLabel1 ? [{ id: 'input-1', header: inputLabel1, cell: (row: ServiceRow) => row.input_field_1 ?? '' }] : []),
    // docs/requests.md, 'Blocking': only a mobile group's afname can be blocked.
    ...(fields.some((field) => isSimField(field.name))
      ? [{ id: 'block', header: 'Blokkering', width: '220px', cell: (row: ServiceRow) => (row.block_state ? BLOCK_STATE_LABELS[row.block_state] : '') }]
      : []),
    {
      id: 'end',
      header: 'Einddatum',
      width: '140px',
      cell: (row) => (row.end_time === null ? '' : formatDate(row.end_time)),
    },
  ];
};

/** .../{articleId}/{articleName}: the article with its services (docs/screens.md, 'Article page'). */
export function ArticleScreen() {
  const { groupId, articleId } = useRouteIds();
  const { group, notFound: groupNotFound } = useArticleGroup(groupId);
  const [showHistoric, setShowHistoric] = useShowHistoric();
  const { data: article, isFetching, query, notFound } = useArticle(articleId, showHistoric);
  const at = useTodayNoon();
  const bulkCount = useAppSelector((state) => (query ? selectActiveBulkCount(state, query, at) : 0));
  const company = useActingCompany();
  const mayEditArticle = usePermission('CREATE_ARTICLE');
  const mayAddService = usePermission('CREATE_SERVICE');

  if (!group || !article) {
    return <ScreenState notFound={groupNotFound || notFound} message="Dit artikel bestaat niet of hoort niet bij je bedrijf." />;
  }

  const columns = serviceColumns(article.article_group.fields, company?.input_label_1);

  return (
    <>
      <ServicesBreadcrumbs crumbs={[{ label: group.name, to: paths.articleGroup(group) }, { label: article.name }]} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <ScreenTitle>{article.name}</ScreenTitle>
          {mayEditArticle && (
            // The browser's own tooltip: MUI's Tooltip would bring Popper into the page's first render.
            <IconButton component={RouterLink} to={servicesPaths.editArticle(group, article)} aria-label="Artikel bewerken" title="Artikel bewerken">
              <EditIcon />
            </IconButton>
          )}
        </Stack>
        {mayAddService && (
          <Button component={RouterLink} to={servicesPaths.addService(group, article)} variant="contained" startIcon={<AddIcon />}>
            Afname toevoegen
          </Button>
        )}
      </Stack>
      <Stack spacing={3}>
        <ArticleDetails article={article} />
        <BulkCallout group={group} article={article} count={bulkCount} />
        <Box component="section" aria-labelledby={TABLE_HEADING_ID}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h2" id={TABLE_HEADING_ID}>
              {isFetching && article.services_count === 0 ? 'Afnames' : `Afnames (${article.services_count})`}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={showHistoric} onChange={(event) => setShowHistoric(event.target.checked)} />}
              label={MSG.showHistoric}
            />
          </Stack>
          <ServicesTable group={group} article={article} showHistoric={showHistoric} loading={isFetching} columns={columns} />
        </Box>
      </Stack>
    </>
  );
}

interface ServicesTableProps {
  group: ArticleGroup;
  article: ArticleDetail;
  showHistoric: boolean;
  loading: boolean;
  columns: Column<ServiceRow>[];
}

/** The services in the server's order (oldest start first), loaded in windows while scrolling. */
function ServicesTable({ group, article, showHistoric, loading, columns }: ServicesTableProps) {
  const { total, rowAt, onRangeChange } = useServiceWindows(article.id, showHistoric);
  if (total > 0) {
    return (
      <VirtualTable
        labelledBy={TABLE_HEADING_ID}
        columns={columns}
        rowCount={total}
        rowAt={rowAt}
        onRangeChange={onRangeChange}
        rowKey={(row) => row.id}
        rowHref={(row) => paths.service(group, article, row)}
      />
    );
  }
  return loading ? <PageLoading /> : <Typography>Dit artikel heeft geen afnames om te tonen.</Typography>;
}

function ArticleDetails({ article }: { article: ArticleDetail }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{article.description}</Typography>
      <DetailList
        details={[
          ...(article.gigabyte === null ? [] : [{ label: 'Bundelgrootte', value: formatGb(article.gigabyte) }]),
          { label: 'Prijs per periode', value: formatEuro(article.price) },
          { label: 'Facturatiecyclus', value: article.billing_cycle.name },
          { label: 'Eenmalige kosten', value: formatEuro(article.setup_price) },
        ]}
      />
      <ExclVatNote sx={{ mt: 1 }} />
    </Paper>
  );
}

function BulkCallout({ group, article, count }: { group: ArticleGroup; article: ArticleDetail; count: number }) {
  return (
    <Alert severity="info" icon={false}>
      <Link component={RouterLink} to={servicesPaths.bulkServices(group, article)} sx={{ fontWeight: 600 }}>
        Bulkafnames ({count})
      </Link>
    </Alert>
  );
}
