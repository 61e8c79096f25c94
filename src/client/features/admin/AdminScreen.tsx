import { Alert } from '@mui/material';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useGetPoliciesQuery } from '../../api/accountApi';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { AddArticleGroupScreen } from './AddArticleGroupScreen';
import { AddCompanyScreen } from './AddCompanyScreen';
import { AddParentCompanyScreen } from './AddParentCompanyScreen';
import { AdminOverviewScreen } from './AdminOverviewScreen';
import { adminPaths } from './adminPaths';
import { EditArticleGroupScreen } from './EditArticleGroupScreen';
import { EditCompanyScreen } from './EditCompanyScreen';
import { EditParentCompanyScreen } from './EditParentCompanyScreen';

function NoAccess() {
  return (
    <>
      <ScreenTitle>Admin</ScreenTitle>
      <Alert severity="warning">
        Je hebt geen toegang tot de beheeromgeving. Deze is alleen beschikbaar voor beheerders van de dienstverlener.
      </Alert>
    </>
  );
}

/** Everything below /mer-admin (spec section 2, Admin): only with CREATE_COMPANY. */
export function AdminScreen() {
  const { data: policies, isLoading } = useGetPoliciesQuery();

  if (isLoading) return <PageLoading />;
  if (!policies?.CREATE_COMPANY) return <NoAccess />;
  return (
    <Routes>
      <Route index element={<AdminOverviewScreen />} />
      <Route path="bedrijf-toevoegen" element={<AddCompanyScreen />} />
      <Route path=":companyId/bedrijf-wijzigen" element={<EditCompanyScreen />} />
      <Route path="hoofdbedrijf-toevoegen" element={<AddParentCompanyScreen />} />
      <Route path="hoofdbedrijven/:parentCompanyId/hoofdbedrijf-wijzigen" element={<EditParentCompanyScreen />} />
      <Route path="artikel-categorie-toevoegen" element={<AddArticleGroupScreen />} />
      <Route path="artikel-categorien/:articleGroupId/categorie-wijzigen" element={<EditArticleGroupScreen />} />
      {/* An address below /mer-admin that does not exist lands on the overview. */}
      <Route path="*" element={<Navigate to={adminPaths.overview()} replace />} />
    </Routes>
  );
}
