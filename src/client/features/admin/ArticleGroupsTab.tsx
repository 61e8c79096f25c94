import AddIcon from '@mui/icons-material/Add';
import { Button, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDecimal } from '../../../domain/format';
import { usePermission } from '../../api/currentUserApi';
import { useAppSelector } from '../../base/hooks';
import { ArticleGroupIcon } from '../../components/ArticleGroupIcon';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { type AdminArticleGroup, selectAdminArticleGroups, useGetArticleGroupsQuery } from './adminApi';
import { adminPaths } from './adminPaths';

const HEADING_ID = 'artikelgroepen-titel';

const columns = (mayEdit: boolean): DataColumn<AdminArticleGroup>[] => [
  {
    header: 'Naam',
    cell: (group) => (
      <>
        <ArticleGroupIcon icon={group.icon} fontSize="small" sx={{ verticalAlign: 'middle', mr: 1, color: 'text.secondary' }} />
        {mayEdit ? (
          <Link component={RouterLink} to={adminPaths.editArticleGroup(group.id)} sx={{ fontWeight: 600 }}>
            {group.name}
          </Link>
        ) : (
          group.name
        )}
      </>
    ),
  },
  { header: 'Velden', cell: (group) => group.fields.map((field) => field.name).join(', ') || '–' },
  {
    header: 'Zichtbaar voor',
    align: 'right',
    cell: (group) => `${formatDecimal(group.companies.length, 0)} ${group.companies.length === 1 ? 'bedrijf' : 'bedrijven'}`,
  },
];

/** 'Artikelgroepen': each opens its edit screen (with EDIT_ARTICLE_GROUPS). */
export function ArticleGroupsTab() {
  const mayEdit = usePermission('EDIT_ARTICLE_GROUPS');
  const { isLoading, isError } = useGetArticleGroupsQuery();
  const groups = useAppSelector(selectAdminArticleGroups);

  const addButton = mayEdit && (
    <Button component={RouterLink} to={adminPaths.addArticleGroup()} variant="contained" startIcon={<AddIcon />}>
      Artikelgroep toevoegen
    </Button>
  );

  return (
    <Section id={HEADING_ID} title="Artikelgroepen" action={addButton}>
      <TableStates
        isLoading={isLoading}
        isError={isError}
        errorText="De artikelgroepen konden niet worden geladen. Probeer het later opnieuw."
        isEmpty={groups.length === 0}
        emptyText="Er zijn nog geen artikelgroepen."
      >
        <DataTable labelledBy={HEADING_ID} columns={columns(mayEdit)} rows={groups} rowKey={(group) => group.id} />
      </TableStates>
    </Section>
  );
}
