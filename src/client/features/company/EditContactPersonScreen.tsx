import { Button, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { parseId } from '../../../domain/ids';
import { useAppSelector } from '../../base/hooks';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { CompanyBreadcrumbs } from './CompanyBreadcrumbs';
import { companyPaths } from './companyPaths';
import { selectContactPersonById, useEditContactPersonMutation, useGetContactPersonsQuery } from './companyApi';
import { ContactPersonForm } from './ContactPersonForm';

const TITLE = 'Contactpersoon wijzigen';


/** /mijn-bedrijf/{userId}/user-wijzigen */
export function EditContactPersonScreen() {
  const id = parseId(useParams().userId) ?? 0;
  const { isLoading } = useGetContactPersonsQuery();
  const person = useAppSelector((state) => selectContactPersonById(state, id));
  const [editContactPerson] = useEditContactPersonMutation();

  if (!person) {
    if (isLoading) return <PageLoading />;
    return (
      <>
        <CompanyBreadcrumbs current={TITLE} />
        <ScreenTitle>Contactpersoon niet gevonden</ScreenTitle>
        <Typography sx={{ mb: 3 }}>Deze contactpersoon bestaat niet (meer) binnen dit bedrijf.</Typography>
        <Button component={RouterLink} to={companyPaths.overview()} variant="contained">
          Terug naar Mijn bedrijf
        </Button>
      </>
    );
  }

  return (
    <>
      <CompanyBreadcrumbs current={TITLE} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      <ContactPersonForm
        key={person.id}
        title={TITLE}
        initialValues={{
          firstname: person.firstname,
          lastname: person.lastname,
          email: person.email,
          phonenumber: person.phonenumber ?? '',
          approves_requests: person.approves_requests,
          receives_cost_specification: person.receives_cost_specification,
        }}
        emailReadOnly={person.has_logged_in}
        save={(input) => editContactPerson({ id: person.id, ...input }).unwrap()}
      />
    </>
  );
}
