import AddIcon from '@mui/icons-material/Add';
import { Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDecimal } from '../../../domain/format';
import { usePermission } from '../../api/currentUserApi';
import type { ArticleGroup } from '../../api/catalogApi';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { servicesPaths } from './servicesPaths';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { useArticleGroup, useRouteIds, useTodayNoon } from './routeData';
import { type ArticleTableRow, selectArticleTableRows } from './selectors';
import { ScreenState } from './ScreenState';
import { useGetArticlesQuery } from './servicesApi';
import { ServicesBreadcrumbs } from './ServicesBreadcrumbs';
import { SubmittedNotice, useSubmitted } from './RequestActions';
import { type Column, VirtualTable } from '../../components/VirtualTable';

const TABLE_HEADING_ID = 'artikelen-titel';

// The dialog uses formik and the date field: it comes with the forms' chunk (routes.tsx).
const RequestDialog = lazy(() =>
  import(/* webpackChunkName: "services-forms" */ './servicesForms').then((module) => ({ default: module.RequestDialog })),
);

const columns: Column<ArticleTableRow>[] = [
  { id: 'name', header: 'Artikel', width: '35%', cell: (row) => row.name },
  { id: 'count', header: 'Aantal', width: '120px', align: 'right', cell: (row) => formatDecimal(row.count, 0) },
  { id: 'description', header: 'Omschrijving', cell: (row) => row.description },
];

/** /mijn-diensten/{groupId}/{groupName}: the articles of a group (docs/screens.md, 'Article table'). */
export function ArticleGroupScreen() {
  const { groupId } = useRouteIds();
  const { group, notFound } = useArticleGroup(groupId);
  const mayCreateArticle = usePermission('CREATE_ARTICLE');
  const mayRequest = usePermission('REQUEST_CHANGES');
  const [porting, setPorting] = useState(false);
  const { submitted, onSubmitted } = useSubmitted();

  if (!group) return <ScreenState notFound={notFound} message="Deze artikelgroep bestaat niet of is niet zichtbaar voor je bedrijf." />;

  return (
    <>
      <ServicesBreadcrumbs crumbs={[{ label: group.name }]} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2 }}>
        <ScreenTitle>{group.name}</ScreenTitle>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {/* docs/requests.md, 'Kinds': a number moves into a group with a phone number field. */}
          {mayRequest && group.fields.some((field) => field.used_for_cdr) && (
            <Button variant="outlined" onClick={() => setPorting(true)}>
              Nummer overzetten
            </Button>
          )}
          {mayCreateArticle && (
            <Button component={RouterLink} to={servicesPaths.addArticle(group)} variant="contained" startIcon={<AddIcon />}>
              Artikel toevoegen
            </Button>
          )}
        </Stack>
      </Stack>
      {submitted && (
        <Stack sx={{ mb: 3 }}>
          <SubmittedNotice request={submitted} />
        </Stack>
      )}
      <Suspense fallback={null}>
        {porting && (
          <RequestDialog
            kind="porting"
            groupId={group.id}
            onClose={() => setPorting(false)}
            onSubmitted={(request) => {
              setPorting(false);
              onSubmitted(request);
            }}
          />
        )}
      </Suspense>
      <Section id={TABLE_HEADING_ID} title="Artikelen">
        <ArticleTable group={group} />
      </Section>
    </>
  );
}

/** docs/screens.md, 'Article table': not paginated; long lists render only the rows in view. */
function ArticleTable({ group }: { group: ArticleGroup }) {
  const at = useTodayNoon();
  const { isLoading, isError } = useGetArticlesQuery(group.id);
  const rows = useAppSelector((state) => selectArticleTableRows(state, group.id, at));

  return (
    <TableStates
      isLoading={isLoading}
      isError={isError}
      errorText="De artikelen konden niet worden geladen. Probeer het later opnieuw."
      isEmpty={rows.length === 0}
      emptyText="Er zijn geen artikelen gekoppeld aan deze artikelgroep."
    >
      <VirtualTable
        labelledBy={TABLE_HEADING_ID}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowHref={(row) => paths.article(group, row)}
      />
    </TableStates>
  );
}
