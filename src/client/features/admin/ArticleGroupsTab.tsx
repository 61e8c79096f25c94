import AddIcon from '@mui/icons-material/Add';
import { Button, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDecimal } from '../../../domain/format';
import { usePermission } from '../../api/accountApi';
import { useAppSelector } from '../../base/hooks';
import { ArticleGroupIcon } from '../../components/ArticleGroupIcon';
import { PageLoading } from '../../components/PageLoading';
import { selectAdminArticleGroups, useGetArticleGroupsQuery } from './adminApi';
import { adminPaths } from './adminPaths';
import { TabSection } from './TabSection';

const HEADING_ID = 'artikelgroepen-titel';
const HEAD = { fontWeight: 600 } as const;

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

  const body = () => {
    if (isLoading) return <PageLoading />;
    if (isError) return <Typography>De artikelgroepen konden niet worden geladen. Probeer het later opnieuw.</Typography>;
    if (groups.length === 0) return <Typography>Er zijn nog geen artikelgroepen.</Typography>;
    return (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby={HEADING_ID}>
          <TableHead>
            <TableRow>
              <TableCell sx={HEAD}>Naam</TableCell>
              <TableCell sx={HEAD}>Velden</TableCell>
              <TableCell sx={HEAD} align="right">
                Zichtbaar voor
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((group) => (
              <TableRow key={group.id}>
                <TableCell>
                  <ArticleGroupIcon icon={group.icon} fontSize="small" sx={{ verticalAlign: 'middle', mr: 1, color: 'text.secondary' }} />
                  {mayEdit ? (
                    <Link component={RouterLink} to={adminPaths.editArticleGroup(group.id)} sx={{ fontWeight: 600 }}>
                      {group.name}
                    </Link>
                  ) : (
                    group.name
                  )}
                </TableCell>
                <TableCell>{group.fields.map((field) => field.name).join(', ') || '–'}</TableCell>
                <TableCell align="right">
                  {`${formatDecimal(group.companies.length, 0)} ${group.companies.length === 1 ? 'bedrijf' : 'bedrijven'}`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  };

  return (
    <TabSection id={HEADING_ID} title="Artikelgroepen" action={addButton}>
      {body()}
    </TabSection>
  );
}
