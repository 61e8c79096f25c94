import AddIcon from '@mui/icons-material/Add';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Stack, Typography } from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { matchesWords } from '../../../domain/names';
import { selectActingCompanyId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { sortRows, type SortValue } from '../../base/sortRows';
import { type Sort, useSortParam } from '../../base/useSortParam';
import { ActivationMailButton } from '../../components/ActivationMailButton';
import { type DataColumn, DataTable, DataTablePagination } from '../../components/DataTable';
import { SearchField } from '../../components/SearchField';
import type { TableSorting } from '../../components/SortableHeader';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { useManageCompany } from '../../components/useManageCompany';
import { type AdminCompany, selectCompanies, useGetCompaniesQuery } from './adminApi';
import { adminPaths } from './adminPaths';

const HEADING_ID = 'bedrijven-titel';
const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];

/** The columns the companies sort by, with their value (docs/screens.md, 'Admin'); the browser holds every company. */
const SORT_VALUES = {
  naam: (company: AdminCompany) => company.name,
  klantnummer: (company: AdminCompany) => company.customer_number,
  'sap-klantnummer': (company: AdminCompany) => company.sap_number,
  plaats: (company: AdminCompany) => company.city,
  einddatum: (company: AdminCompany) => company.end_time,
} satisfies Record<string, (company: AdminCompany) => SortValue>;
type CompanySortKey = keyof typeof SORT_VALUES;
const SORT_KEYS = Object.keys(SORT_VALUES) as CompanySortKey[];
const DEFAULT_SORT: Sort<CompanySortKey> = { key: 'naam', direction: 'asc' };

/** The companies whose name, aliases, numbers or city contain every typed word (any case or accents). */
export const filterCompanies = (companies: readonly AdminCompany[], term: string) => {
  if (!term.trim()) return companies;
  return companies.filter((company) =>
    matchesWords([company.name, company.aliases, company.customer_number, company.sap_number, company.city].filter(Boolean).join(' '), term),
  );
};

/**
 * The activation mail goes to the company's first contact person (the button asks first, naming
 * them); a company without one gets the 'Geen gebruiker gekoppeld' dialog instead.
 */
function ActivationButton({ company, onNoUser }: { company: AdminCompany; onNoUser: () => void }) {
  const [firstUser] = company.users;
  if (firstUser) return <ActivationMailButton recipient={firstUser} companyName={company.name} />;
  return (
    <Button size="small" variant="outlined" onClick={onNoUser} aria-label={`Activatiemail voor ${company.name}`} sx={{ whiteSpace: 'nowrap' }}>
      Activatiemail
    </Button>
  );
}

function NoUserDialog({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="geen-gebruiker-titel" aria-describedby="geen-gebruiker-tekst">
      <DialogTitle id="geen-gebruiker-titel">{MSG.activationNoUser}</DialogTitle>
      <DialogContent>
        <DialogContentText id="geen-gebruiker-tekst">
          {`Aan ${company.name} is nog geen contactpersoon gekoppeld, dus er kan geen activatiemail worden verstuurd. Vul eerst bij het bedrijf een contactpersoon in.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to={adminPaths.editCompany(company.id)}>
          Bedrijf wijzigen
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          Sluiten
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CompaniesTable({ companies, sorting }: { companies: readonly AdminCompany[]; sorting: TableSorting }) {
  const { manage, dialog: manageDialog } = useManageCompany();
  // Managing the company one already acts for makes no sense.
  const actingCompanyId = useAppSelector(selectActingCompanyId);
  const [withoutUser, setWithoutUser] = useState<AdminCompany | null>(null);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0]);
  // A shorter list (another filter) may end before the open page.
  const shownPage = Math.min(page, Math.max(0, Math.ceil(companies.length / rowsPerPage) - 1));
  const rows = companies.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage);

  const columns: DataColumn<AdminCompany>[] = [
    {
      header: 'Naam',
      sortKey: 'naam',
      cell: (company) => (
        <Link component={RouterLink} to={adminPaths.editCompany(company.id)} sx={{ fontWeight: 600 }}>
          {company.name}
        </Link>
      ),
    },
    { header: 'Klantnummer', sortKey: 'klantnummer', cell: (company) => company.customer_number || '–' },
    { header: 'SAP klantnummer', sortKey: 'sap-klantnummer', cell: (company) => company.sap_number || '–' },
    { header: 'Plaats', sortKey: 'plaats', cell: (company) => company.city || '–' },
    { header: 'Einddatum', sortKey: 'einddatum', cell: (company) => (company.end_time === null ? '–' : formatDate(company.end_time)) },
    {
      header: 'Acties',
      // Six columns and two buttons do not fit a tablet: there the rows are blocks (stackWhenCramped).
      cell: (company) => (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          {company.id !== actingCompanyId && (
            <Button size="small" variant="outlined" onClick={() => manage(company)} aria-label={`${company.name} beheren`}>
              Beheren
            </Button>
          )}
          <ActivationButton company={company} onNoUser={() => setWithoutUser(company)} />
        </Stack>
      ),
    },
  ];

  const pagination = companies.length > ROWS_PER_PAGE_OPTIONS[0] && (
    <DataTablePagination
      count={companies.length}
      page={shownPage}
      onPageChange={setPage}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
      onRowsPerPageChange={(next) => {
        setRowsPerPage(next);
        setPage(0);
      }}
    />
  );

  return (
    <>
      <DataTable labelledBy={HEADING_ID} columns={columns} rows={rows} rowKey={(company) => company.id} footer={pagination} sorting={sorting} stackWhenCramped />
      {withoutUser && <NoUserDialog company={withoutUser} onClose={() => setWithoutUser(null)} />}
      {manageDialog}
    </>
  );
}

/** 'Bedrijven': every company, filtered and sorted in the browser. */
export function CompaniesTab() {
  const { isLoading, isError } = useGetCompaniesQuery();
  const companies = useAppSelector(selectCompanies);
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const { sort, sortBy, setSort } = useSortParam(SORT_KEYS, DEFAULT_SORT);
  const shown = useMemo(
    () => sortRows(filterCompanies(companies, deferredTerm), SORT_VALUES[sort.key], sort.direction),
    [companies, deferredTerm, sort],
  );

  const addButton = (
    <Button component={RouterLink} to={adminPaths.addCompany()} variant="contained" startIcon={<AddIcon />}>
      Bedrijf toevoegen
    </Button>
  );

  return (
    <Section id={HEADING_ID} title="Bedrijven" action={addButton}>
      <TableStates isLoading={isLoading} isError={isError} errorText="De bedrijven konden niet worden geladen. Probeer het later opnieuw.">
        <Stack spacing={2}>
          <SearchField
            label="Zoek bedrijf"
            helperText="Op naam, alias, klantnummer, SAP klantnummer of plaats."
            value={term}
            onChange={setTerm}
            sx={{ maxWidth: 480 }}
          />
          {shown.length === 0 ? <Typography>Geen bedrijven gevonden.</Typography> : <CompaniesTable companies={shown} sorting={{ sort, sortBy, setSort }} />}
        </Stack>
      </TableStates>
    </Section>
  );
}
