import AddIcon from '@mui/icons-material/Add';
import { Button, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../base/hooks';
import { PageLoading } from '../../components/PageLoading';
import { selectParentCompanies, useGetParentCompaniesQuery } from './adminApi';
import { adminPaths } from './adminPaths';
import { TabSection } from './TabSection';

const HEADING_ID = 'hoofdbedrijven-titel';
const HEAD = { fontWeight: 600 } as const;

/** 'Hoofdbedrijven': each opens its edit screen. */
export function ParentCompaniesTab() {
  const { isLoading, isError } = useGetParentCompaniesQuery();
  const parents = useAppSelector(selectParentCompanies);

  const addButton = (
    <Button component={RouterLink} to={adminPaths.addParentCompany()} variant="contained" startIcon={<AddIcon />}>
      Hoofdbedrijf toevoegen
    </Button>
  );

  const body = () => {
    if (isLoading) return <PageLoading />;
    if (isError) return <Typography>De hoofdbedrijven konden niet worden geladen. Probeer het later opnieuw.</Typography>;
    if (parents.length === 0) return <Typography>Er zijn nog geen hoofdbedrijven.</Typography>;
    return (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby={HEADING_ID}>
          <TableHead>
            <TableRow>
              <TableCell sx={HEAD}>Naam</TableCell>
              <TableCell sx={HEAD}>SAP nummer</TableCell>
              <TableCell sx={HEAD}>Vestigingen</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {parents.map((parent) => (
              <TableRow key={parent.id}>
                <TableCell>
                  <Link component={RouterLink} to={adminPaths.editParentCompany(parent.id)} sx={{ fontWeight: 600 }}>
                    {parent.name}
                  </Link>
                </TableCell>
                <TableCell>{parent.sap_number || '–'}</TableCell>
                <TableCell>{parent.companies.map((branch) => branch.name).join(', ') || '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  };

  return (
    <TabSection id={HEADING_ID} title="Hoofdbedrijven" action={addButton}>
      {body()}
    </TabSection>
  );
}
