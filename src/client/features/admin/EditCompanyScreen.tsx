import EventBusyIcon from '@mui/icons-material/EventBusy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../domain/format';
import { useAppSelector } from '../../base/hooks';
import { DateField } from '../../components/DateField';
import { DeleteButton } from '../../components/DeleteButton';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import {
  type AdminCompany,
  selectCompanyById,
  useDeleteCompanyMutation,
  useEditCompanyMutation,
  useEndCompanyMutation,
  useGetCompaniesQuery,
} from './adminApi';
import { AdminBreadcrumbs } from './AdminBreadcrumbs';
import { AdminNotFound } from './AdminNotFound';
import { adminPaths, routeId } from './adminPaths';
import { CompanyForm } from './CompanyForm';
import { companyFormValues, dateInputOf, noonOf } from './companyFormValues';

const TITLE = 'Bedrijf wijzigen';
const toCompanies = adminPaths.overview('bedrijven');

/**
 * 'Bedrijf beëindigen' (docs/screens.md, 'Company form'): sends only the end date, so a company without a contact
 * person can be ended without filling one in.
 */
function EndCompanyDialog({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const [endCompany, { isLoading }] = useEndCompanyMutation();
  const [date, setDate] = useState(() => dateInputOf(company.end_time ?? Math.floor(Date.now() / 1000)));
  const navigate = useNavigate();
  const endTime = noonOf(date);

  const confirm = async () => {
    const ended = await endCompany({ id: company.id, name: company.name, end_time: endTime })
      .unwrap()
      .catch(() => null);
    if (ended) navigate(toCompanies);
    else onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="bedrijf-beeindigen-titel" aria-describedby="bedrijf-beeindigen-tekst">
      <DialogTitle id="bedrijf-beeindigen-titel">Bedrijf beëindigen</DialogTitle>
      <DialogContent>
        <DialogContentText id="bedrijf-beeindigen-tekst" sx={{ mb: 2 }}>
          {`Per welke datum is ${company.name} geen klant meer?`}
        </DialogContentText>
        <DateField label="Einddatum" value={date} onChange={setDate} required fullWidth />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuleren</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading || endTime === null}>
          Beëindigen
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EditCompanyForm({ company }: { company: AdminCompany }) {
  const [editCompany] = useEditCompanyMutation();
  const [deleteCompany, { isLoading: deleting }] = useDeleteCompanyMutation();
  const [ending, setEnding] = useState(false);
  const navigate = useNavigate();
  const hasContact = company.users.length > 0;

  return (
    <>
      {company.end_time !== null && (
        <Alert severity="info" sx={{ mb: 3, maxWidth: 640 }}>
          {`Dit bedrijf is beëindigd per ${formatDate(company.end_time)}.`}
        </Alert>
      )}
      <CompanyForm
        title={TITLE}
        initialValues={companyFormValues(company)}
        withContact={!hasContact}
        contactRequired
        withEndDate
        save={async (input) => {
          const saved = await editCompany({ id: company.id, ...input })
            .unwrap()
            .catch(() => null);
          if (saved) navigate(toCompanies);
        }}
        actions={
          <>
            <Button variant="outlined" startIcon={<EventBusyIcon />} onClick={() => setEnding(true)}>
              Bedrijf beëindigen
            </Button>
            {/* The outcome, good or bad, is a toast (docs/screens.md, 'Toasts'). */}
            <DeleteButton
              title="Bedrijf verwijderen"
              text={`Weet je zeker dat je '${company.name}' wilt verwijderen? Dit kan niet ongedaan worden gemaakt.`}
              remove={() => deleteCompany({ id: company.id, name: company.name }).unwrap()}
              busy={deleting}
              then={toCompanies}
            />
          </>
        }
      />
      {ending && <EndCompanyDialog company={company} onClose={() => setEnding(false)} />}
    </>
  );
}

/** /mer-admin/{companyId}/bedrijf-wijzigen */
export function EditCompanyScreen() {
  const id = routeId(useParams().companyId);
  const { isLoading } = useGetCompaniesQuery();
  const company = useAppSelector((state) => selectCompanyById(state, id));

  if (!company) {
    if (isLoading) return <PageLoading />;
    return <AdminNotFound tab="bedrijven" screenTitle={TITLE} heading="Bedrijf niet gevonden" text="Dit bedrijf bestaat niet (meer)." backLabel="Naar de bedrijven" />;
  }

  return (
    <>
      <AdminBreadcrumbs tab="bedrijven" current={company.name} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      <EditCompanyForm key={company.id} company={company} />
    </>
  );
}
