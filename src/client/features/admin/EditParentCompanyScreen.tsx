import { useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../base/hooks';
import { DeleteButton } from '../../components/DeleteButton';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import {
  type ParentCompany,
  selectParentCompanyById,
  useDeleteParentCompanyMutation,
  useEditParentCompanyMutation,
  useGetParentCompaniesQuery,
} from './adminApi';
import { AdminBreadcrumbs } from './AdminBreadcrumbs';
import { AdminNotFound } from './AdminNotFound';
import { adminPaths, routeId } from './adminPaths';
import { ParentCompanyForm } from './ParentCompanyForm';

const TITLE = 'Hoofdbedrijf wijzigen';
const toParentCompanies = adminPaths.overview('hoofdbedrijven');

function EditParentCompanyForm({ parent }: { parent: ParentCompany }) {
  const [editParentCompany] = useEditParentCompanyMutation();
  const [deleteParentCompany, { isLoading: deleting }] = useDeleteParentCompanyMutation();
  const navigate = useNavigate();

  return (
    <ParentCompanyForm
      title={TITLE}
      parentCompanyId={parent.id}
      initialValues={{
        name: parent.name,
        sap_number: parent.sap_number ?? '',
        branches: parent.companies.map((branch) => ({ value: branch.id, label: branch.name })),
      }}
      save={async (input) => {
        const saved = await editParentCompany({ id: parent.id, ...input })
          .unwrap()
          .catch(() => null);
        if (saved) navigate(toParentCompanies);
      }}
      actions={
        // A refusal is reported by the error toasts ('Een onbekende fout is opgetreden.').
        <DeleteButton
          title="Hoofdbedrijf verwijderen"
          text={`Weet je zeker dat je '${parent.name}' wilt verwijderen? De vestigingen blijven bestaan, maar horen dan niet meer bij een hoofdbedrijf.`}
          remove={() => deleteParentCompany(parent.id).unwrap()}
          busy={deleting}
          then={toParentCompanies}
        />
      }
    />
  );
}

/** /mer-admin/hoofdbedrijven/{parentCompanyId}/hoofdbedrijf-wijzigen */
export function EditParentCompanyScreen() {
  const id = routeId(useParams().parentCompanyId);
  const { isLoading } = useGetParentCompaniesQuery();
  const parent = useAppSelector((state) => selectParentCompanyById(state, id));

  if (!parent) {
    if (isLoading) return <PageLoading />;
    return <AdminNotFound tab="hoofdbedrijven" screenTitle={TITLE} heading="Hoofdbedrijf niet gevonden" text="Dit hoofdbedrijf bestaat niet (meer)." backLabel="Naar de hoofdbedrijven" />;
  }

  return (
    <>
      <AdminBreadcrumbs tab="hoofdbedrijven" current={parent.name} />
      <ScreenTitle>{TITLE}</ScreenTitle>
      <EditParentCompanyForm key={parent.id} parent={parent} />
    </>
  );
}
