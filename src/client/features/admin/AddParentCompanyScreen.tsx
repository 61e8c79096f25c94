import { useNavigate } from 'react-router-dom';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useAddParentCompanyMutation } from './adminApi';
import { AdminBreadcrumbs } from './AdminBreadcrumbs';
import { adminPaths } from './adminPaths';
import { ParentCompanyForm } from './ParentCompanyForm';

const TITLE = 'Hoofdbedrijf toevoegen';

/** /mer-admin/hoofdbedrijf-toevoegen */
export function AddParentCompanyScreen() {
  const [addParentCompany] = useAddParentCompanyMutation();
  const navigate = useNavigate();

  return (
    <>
      <AdminBreadcrumbs tab="hoofdbedrijven" current={TITLE} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      <ParentCompanyForm
        title={TITLE}
        parentCompanyId={null}
        initialValues={{ name: '', sap_number: '', branches: [] }}
        save={async (input) => {
          const added = await addParentCompany(input)
            .unwrap()
            .catch(() => null);
          if (added) navigate(adminPaths.overview('hoofdbedrijven'));
        }}
      />
    </>
  );
}
