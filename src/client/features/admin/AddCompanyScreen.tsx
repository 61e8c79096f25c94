import { useNavigate } from 'react-router-dom';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useAddCompanyMutation } from './adminApi';
import { AdminBreadcrumbs } from './AdminBreadcrumbs';
import { adminPaths } from './adminPaths';
import { CompanyForm } from './CompanyForm';
import { emptyCompanyForm } from './companyFormValues';

const TITLE = 'Bedrijf toevoegen';

/** /mer-admin/bedrijf-toevoegen */
export function AddCompanyScreen() {
  const [addCompany] = useAddCompanyMutation();
  const navigate = useNavigate();

  return (
    <>
      <AdminBreadcrumbs tab="bedrijven" current={TITLE} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      <CompanyForm
        title={TITLE}
        initialValues={emptyCompanyForm}
        withContact
        contactRequired={false}
        withEndDate={false}
        save={async (input) => {
          const added = await addCompany(input)
            .unwrap()
            .catch(() => null);
          if (added) navigate(adminPaths.overview('bedrijven'));
        }}
      />
    </>
  );
}
