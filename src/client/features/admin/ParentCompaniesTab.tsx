import AddIcon from '@mui/icons-material/Add';
import { Button, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../base/hooks';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { type ParentCompany, selectParentCompanies, useGetParentCompaniesQuery } from './adminApi';
import { adminPaths } from './adminPaths';

const HEADING_ID = 'hoofdbedrijven-titel';

const columns: DataColumn<ParentCompany>[] = [
  {
    header: 'Naam',
    cell: (parent) => (
      <Link component={RouterLink} to={adminPaths.editParentCompany(parent.id)} sx={{ fontWeight: 600 }}>
        {parent.name}
      </Link>
    ),
  },
  { header: 'SAP nummer', cell: (parent) => parent.sap_number || '–' },
  { header: 'Vestigingen', cell: (parent) => parent.companies.map((branch) => branch.name).join(', ') || '–' },
];

/** 'Hoofdbedrijven': each opens its edit screen. */
export function ParentCompaniesTab() {
  const { isLoading, isError } = useGetParentCompaniesQuery();
  const parents = useAppSelector(selectParentCompanies);

  const addButton = (
    <Button component={RouterLink} to={adminPaths.addParentCompany()} variant="contained" startIcon={<AddIcon />}>
      Hoofdbedrijf toevoegen
    </Button>
  );

  return (
    <Section id={HEADING_ID} title="Hoofdbedrijven" action={addButton}>
      <TableStates
        isLoading={isLoading}
        isError={isError}
        errorText="De hoofdbedrijven konden niet worden geladen. Probeer het later opnieuw."
        isEmpty={parents.length === 0}
        emptyText="Er zijn nog geen hoofdbedrijven."
      >
        <DataTable labelledBy={HEADING_ID} columns={columns} rows={parents} rowKey={(parent) => parent.id} />
      </TableStates>
    </Section>
  );
}
