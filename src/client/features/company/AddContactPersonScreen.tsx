import { ScreenTitle } from '../../components/ScreenTitle';
import { CompanyBreadcrumbs } from './CompanyBreadcrumbs';
import { useAddContactPersonMutation } from './companyApi';
import { ContactPersonForm, emptyContactPerson } from './ContactPersonForm';

const TITLE = 'Contactpersoon toevoegen';

/** /mijn-bedrijf/user-aanmaken */
export function AddContactPersonScreen() {
  const [addContactPerson] = useAddContactPersonMutation();

  return (
    <>
      <CompanyBreadcrumbs current={TITLE} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      <ContactPersonForm title={TITLE} initialValues={emptyContactPerson} save={(input) => addContactPerson(input).unwrap()} />
    </>
  );
}
