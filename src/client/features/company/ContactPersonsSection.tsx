import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePermission } from '../../api/accountApi';
import { useAppSelector } from '../../base/hooks';
import { PageLoading } from '../../components/PageLoading';
import { companyPaths } from './companyPaths';
import { selectContactPersons, useGetContactPersonsQuery } from './companyApi';
import { Section } from './Section';

const HEADING_ID = 'contactpersonen-titel';
const HEAD = { fontWeight: 600 } as const;

/** The contact persons of the acting company; each opens its edit screen (spec section 2). */
export function ContactPersonsSection() {
  const mayList = usePermission('LIST_USERS');
  const mayCreate = usePermission('CREATE_USER');
  const { isLoading, isError } = useGetContactPersonsQuery(mayList ? undefined : skipToken);
  const contactPersons = useAppSelector(selectContactPersons);

  const addButton = mayCreate && (
    <Button component={RouterLink} to={companyPaths.addContactPerson()} variant="contained" startIcon={<PersonAddIcon />}>
      Contactpersoon toevoegen
    </Button>
  );

  const body = () => {
    if (!mayList) return <Typography>Je hebt geen rechten om de contactpersonen te bekijken.</Typography>;
    if (isLoading) return <PageLoading />;
    if (isError) return <Typography>De contactpersonen konden niet worden geladen. Probeer het later opnieuw.</Typography>;
    if (contactPersons.length === 0) return <Typography>Er zijn nog geen contactpersonen.</Typography>;
    return (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby={HEADING_ID}>
          <TableHead>
            <TableRow>
              <TableCell sx={HEAD}>Naam</TableCell>
              <TableCell sx={HEAD}>E-mailadres</TableCell>
              <TableCell sx={HEAD}>Telefoonnummer</TableCell>
              <TableCell sx={HEAD}>Account</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {contactPersons.map((person) => {
              const name = `${person.firstname} ${person.lastname}`;
              return (
                <TableRow key={person.id}>
                  <TableCell>
                    {mayCreate ? (
                      <Link component={RouterLink} to={companyPaths.editContactPerson(person.id)} sx={{ fontWeight: 600 }}>
                        {name}
                      </Link>
                    ) : (
                      name
                    )}
                  </TableCell>
                  <TableCell>{person.email}</TableCell>
                  <TableCell>{person.phonenumber || '–'}</TableCell>
                  <TableCell>{person.activated ? 'Geactiveerd' : 'Nog niet geactiveerd'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  };

  return (
    <Section id={HEADING_ID} title="Contactpersonen" action={addButton}>
      {body()}
    </Section>
  );
}
