import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Checkbox, FormControlLabel, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatEuro, formatGb } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { useMemo } from 'react';
import { PHONE_FIELD_NAME } from '../../../domain/listSorts';
import { BLOCK_STATE_LABELS, isSimField, SIM_FIELD_NAME } from '../../../domain/requests';
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
import type { ArticleDetail, ArticleQuery, ServiceRow } from './servicesApi';
import { DEFAULT_SERVICE_SORT, SERVICE_SORT_KEYS, type ServiceSortKey, serverSortOf } from './serviceSort';
import { useSortParam } from '../../base/useSortParam';
import type { TableSorting } from '../../components/SortableHeader';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';
import { type Column, VirtualTable } from '../../components/VirtualTable';
import { ExclVatNote } from '../../components/ExclVatNote';

const TABLE_HEADING_ID = 'afnames-titel';

type ServiceColumn = Column<ServiceRow> & { sortKey: ServiceSortKey };

/**
 * docs/screens.md, 'Article page': the phone number first when the group has that field (the
 * row's identity and its link, kept in view on a phone), the end user, the SIM number, free field
 * 1, the block state of a mobile group, start and end date. Each sorts on the server.
 */
const serviceColumns = (fields: readonly ArticleGroupField[], inputLabel1: string | null | undefined): ServiceColumn[] => {
  const fieldColumn = (id: string, name: string, sortKey: ServiceSortKey, width?: string): ServiceColumn[] => {
    const field = fields.find((f) => f.name === name);
    return field ? [{ id, header: name, width, sortKey, cell: (row) => fieldValueById(row, field.id) }] : [];
  };
  return [
    // Wide enough for a whole number ('+31612345678') with the sort arrow, also when a phone's table is squeezed.
    ...fieldColumn('phone', PHONE_FIELD_NAME, 'telefoonnummer', '170px'),
    { id: 'end-user', header: 'Eindgebruiker', sortKey: 'eindgebruiker', cell: (row) => endUserName(row.end_user) },
    ...fieldColumn('sim', SIM_FIELD_NAME, 'sim'),
    ...(inputLabel1 ? [{ id: 'input-1', header: inputLabel1, sortKey: 'vrij-veld-1' as const, cell: (row: ServiceRow) => row.input_field_1 ?? '' }] : []),
    // docs/requests.md, 'Blocking': only a mobile group's afname can be blocked.
    ...(fields.some((field) => isSimField(field.name))
      ? [
          {
            id: 'block',
            header: 'Blokkering',
            width: '220px',
            sortKey: 'blokkering' as const,
            cell: (row: ServiceRow) => (row.block_state ? BLOCK_STATE_LABELS[row.block_state] : ''),
          },
        ]
      : []),
    { id: 'start', header: 'Startdatum', width: '150px', sortKey: 'startdatum', cell: (row) => formatDate(row.start_time) },
    { id: 'end', header: 'Einddatum', width: '150px', sortKey: 'einddatum', cell: (row) => (row.end_time === null ? '' : formatDate(row.end_time)) },
  ];
};

/**
 * The afnames' order in the address (docs/screens.md, 'Sorting'), over the columns the group's
 * table has; until the group is known, over every sortable column.
 */
const useServiceSort = (group: ArticleGroup | undefined, inputLabel1: string | null | undefined) => {
  const keys = useMemo(
    () => (group ? serviceColumns(group.fields, inputLabel1).map((column) => column.sortKey) : SERVICE_SORT_KEYS),
    [group, inputLabel1],
  );
  const { sort, sortBy } = useSortParam(keys, DEFAULT_SERVICE_SORT);
  return { order: serverSortOf(sort), sorting: { sort, sortBy } };
};

/** .../{articleId}/{articleName}: the article with its services (docs/screens.md, 'Article page'). */
export function ArticleScreen() {
  const { groupId, articleId } = useRouteIds();
  const { group, notFound: groupNotFound } = useArticleGroup(groupId);
  const [showHistoric, setShowHistoric] = useShowHistoric();
  const company = useActingCompany();
  const { order, sorting } = useServiceSort(group, company?.input_label_1);
  const { data: article, isFetching, query, notFound } = useArticle(articleId, showHistoric, order);
  const at = useTodayNoon();
  const bulkCount = useAppSelector((state) => (query ? selectActiveBulkCount(state, query, at) : 0));
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
          <ServicesTable group={group} article={article} showHistoric={showHistoric} order={order} sorting={sorting} loading={isFetching} columns={columns} />
        </Box>
      </Stack>
    </>
  );
}

interface ServicesTableProps {
  group: ArticleGroup;
  article: ArticleDetail;
  showHistoric: boolean;
  order: ArticleQuery['order'];
  sorting: TableSorting;
  loading: boolean;
  columns: Column<ServiceRow>[];
}

/** The services in the server's order (oldest start first, or the chosen column's), loaded in windows while scrolling. */
function ServicesTable({ group, article, showHistoric, order, sorting, loading, columns }: ServicesTableProps) {
  const windows = useServiceWindows(article.id, showHistoric, order);
  // While another order's first window is on its way, the table stays (its rows 'Laden...'), its
  // size the last answer's, so the header just clicked keeps the focus.
  const total = windows.total ?? article.services_count;
  const { rowAt, onRangeChange } = windows;
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
        sorting={sorting}
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
