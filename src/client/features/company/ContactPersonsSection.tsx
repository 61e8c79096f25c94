import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, Link, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { isProviderStaff, ROLE } from '../../../domain/permissions';
import { useCurrentUser, usePermission } from '../../api/currentUserApi';
import { useAppSelector } from '../../base/hooks';
import { ActivationMailButton } from '../../components/ActivationMailButton';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { companyPaths } from './companyPaths';
import { type ContactPerson, selectContactPersons, useGetContactPersonsQuery } from './companyApi';
import { TwoFactorResetButton } from './TwoFactorResetButton';

const HEADING_ID = 'contactpersonen-titel';

const fullName = (person: ContactPerson) => `${person.firstname} ${person.lastname}`;

/**
 * Provider staff reset a user's two-factor login (docs/rules.md): a customer's, and only a
 * superadmin provider staff's. Null when the viewer may not.
 */
const twoFactorColumn = (viewerRoleId: number | undefined): DataColumn<ContactPerson> | null => {
  if (viewerRoleId === undefined || !isProviderStaff(viewerRoleId)) return null;
  const mayReset = (person: ContactPerson) => !isProviderStaff(person.role_id) || viewerRoleId === ROLE.superadmin;
  return {
    header: 'Tweestapsverificatie',
    cell: (person) => (person.two_factor_enabled && mayReset(person) ? <TwoFactorResetButton person={person} /> : person.two_factor_enabled ? 'Aan' : 'Uit'),
  };
};

// Changing a contact person takes CREATE_USER as adding one does: there is no permission of its own.
const columns = (mayCreate: boolean, twoFactor: DataColumn<ContactPerson> | null): DataColumn<ContactPerson>[] => [
  {
    header: 'Naam',
    cell: (person) =>
      mayCreate ? (
        <Link component={RouterLink} to={companyPaths.editContactPerson(person.id)} sx={{ fontWeight: 600 }}>
          {fullName(person)}
        </Link>
      ) : (
        fullName(person)
      ),
  },
  { header: 'E-mailadres', cell: (person) => person.email },
  { header: 'Telefoonnummer', cell: (person) => person.phonenumber || '–' },
  { header: 'Account', cell: (person) => (person.activated ? 'Geactiveerd' : 'Nog niet geactiveerd') },
  // A colleague added here gets an invitation; the server keeps it to the company's own people.
  ...(mayCreate ? [{ header: 'Activatie', cell: (person: ContactPerson) => <ActivationMailButton recipient={person} /> }] : []),
  ...(twoFactor ? [twoFactor] : []),
];

/** The contact persons of the acting company; each opens its edit screen (docs/screens.md, 'Contact person form'). */
export function ContactPersonsSection() {
  const mayList = usePermission('LIST_USERS');
  const mayCreate = usePermission('CREATE_USER');
  const { data: viewer } = useCurrentUser();
  const { isLoading, isError } = useGetContactPersonsQuery(mayList ? undefined : skipToken);
  const contactPersons = useAppSelector(selectContactPersons);

  const addButton = mayCreate && (
    <Button component={RouterLink} to={companyPaths.addContactPerson()} variant="contained" startIcon={<PersonAddIcon />}>
      Contactpersoon toevoegen
    </Button>
  );

  return (
    <Section id={HEADING_ID} title="Contactpersonen" action={addButton}>
      {mayList ? (
        <TableStates
          isLoading={isLoading}
          isError={isError}
          errorText="De contactpersonen konden niet worden geladen. Probeer het later opnieuw."
          isEmpty={contactPersons.length === 0}
          emptyText="Er zijn nog geen contactpersonen."
        >
          <DataTable labelledBy={HEADING_ID} columns={columns(mayCreate, twoFactorColumn(viewer?.role_id))} rows={contactPersons} rowKey={(person) => person.id} />
        </TableStates>
      ) : (
        <Typography>Je hebt geen rechten om de contactpersonen te bekijken.</Typography>
      )}
    </Section>
  );
}
