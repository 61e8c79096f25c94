import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { selectActingCompanyId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { PageLoading } from '../../components/PageLoading';
import { useManageCompany } from '../../components/useManageCompany';
import { type AdminCompany, selectCompanies, useGetCompaniesQuery, useSendActivationMailMutation } from './adminApi';
import { adminPaths } from './adminPaths';
import { TabSection } from './TabSection';

const HEADING_ID = 'bedrijven-titel';
const HEAD = { fontWeight: 600 } as const;
const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];

/** The companies whose name, aliases, numbers or city contain every typed word. */
export const filterCompanies = (companies: readonly AdminCompany[], term: string) => {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return companies;
  return companies.filter((company) => {
    const text = [company.name, company.aliases, company.customer_number, company.sap_number, company.city]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
};

const pageLabel = (type: 'first' | 'last' | 'next' | 'previous') =>
  ({ first: 'Ga naar de eerste pagina', last: 'Ga naar de laatste pagina', next: 'Ga naar de volgende pagina', previous: 'Ga naar de vorige pagina' })[type];

/**
 * Spec section 4: idle, 'Aan het versturen...', 'Email verzonden'. The mail goes to the first
 * contact person; a company without one gets the 'Geen gebruiker gekoppeld' dialog instead.
 */
function ActivationButton({ company, onNoUser }: { company: AdminCompany; onNoUser: () => void }) {
  const [sendActivationMail, { isLoading, isSuccess }] = useSendActivationMailMutation();
  const [firstUser] = company.users;

  const send = () => {
    if (!firstUser) onNoUser();
    else void sendActivationMail(firstUser.id);
  };

  const label = isLoading ? MSG.activationSending : isSuccess ? MSG.activationSent : 'Activatiemail';
  return (
    <Button size="small" variant="outlined" onClick={send} disabled={isLoading || isSuccess} sx={{ whiteSpace: 'nowrap' }}>
      {label}
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

function CompaniesTable({ companies }: { companies: readonly AdminCompany[] }) {
  const manage = useManageCompany();
  // Managing the company one already acts for makes no sense.
  const actingCompanyId = useAppSelector(selectActingCompanyId);
  const [withoutUser, setWithoutUser] = useState<AdminCompany | null>(null);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0]);
  // A shorter list (another filter) may end before the open page.
  const shownPage = Math.min(page, Math.max(0, Math.ceil(companies.length / rowsPerPage) - 1));
  const rows = companies.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage);

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={HEADING_ID}>
        <TableHead>
          <TableRow>
            <TableCell sx={HEAD}>Naam</TableCell>
            <TableCell sx={HEAD}>Klantnummer</TableCell>
            <TableCell sx={HEAD}>SAP klantnummer</TableCell>
            <TableCell sx={HEAD}>Plaats</TableCell>
            <TableCell sx={HEAD}>Einddatum</TableCell>
            <TableCell sx={HEAD}>Acties</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((company) => (
            <TableRow key={company.id}>
              <TableCell>
                <Link component={RouterLink} to={adminPaths.editCompany(company.id)} sx={{ fontWeight: 600 }}>
                  {company.name}
                </Link>
              </TableCell>
              <TableCell>{company.customer_number || '–'}</TableCell>
              <TableCell>{company.sap_number || '–'}</TableCell>
              <TableCell>{company.city || '–'}</TableCell>
              <TableCell>{company.end_time === null ? '–' : formatDate(company.end_time)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  {company.id !== actingCompanyId && (
                    <Button size="small" variant="outlined" onClick={() => manage(company.id)} aria-label={`${company.name} beheren`}>
                      Beheren
                    </Button>
                  )}
                  <ActivationButton company={company} onNoUser={() => setWithoutUser(company)} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {companies.length > ROWS_PER_PAGE_OPTIONS[0] && (
        <TablePagination
          component="div"
          count={companies.length}
          page={shownPage}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage="Rijen per pagina"
          labelDisplayedRows={({ from, to, count }) => `${from}-${to} van ${count}`}
          getItemAriaLabel={pageLabel}
          showFirstButton
          showLastButton
        />
      )}
      {withoutUser && <NoUserDialog company={withoutUser} onClose={() => setWithoutUser(null)} />}
    </TableContainer>
  );
}

/** 'Bedrijven': every company, filtered in the browser. */
export function CompaniesTab() {
  const { isLoading, isError } = useGetCompaniesQuery();
  const companies = useAppSelector(selectCompanies);
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const shown = useMemo(() => filterCompanies(companies, deferredTerm), [companies, deferredTerm]);

  const addButton = (
    <Button component={RouterLink} to={adminPaths.addCompany()} variant="contained" startIcon={<AddIcon />}>
      Bedrijf toevoegen
    </Button>
  );

  const body = () => {
    if (isLoading) return <PageLoading />;
    if (isError) return <Typography>De bedrijven konden niet worden geladen. Probeer het later opnieuw.</Typography>;
    return (
      <Stack spacing={2}>
        <TextField
          type="search"
          label="Zoek bedrijf"
          helperText="Op naam, alias, klantnummer, SAP klantnummer of plaats."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          sx={{ maxWidth: 480 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        {shown.length === 0 ? <Typography>Geen bedrijven gevonden.</Typography> : <CompaniesTable companies={shown} />}
      </Stack>
    );
  };

  return (
    <TabSection id={HEADING_ID} title="Bedrijven" action={addButton}>
      {body()}
    </TabSection>
  );
}
