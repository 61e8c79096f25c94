import { Alert } from '@mui/material';
import { Outlet } from 'react-router-dom';
import { useGetPoliciesQuery } from '../../api/currentUserApi';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';

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

/** Everything below /mer-admin (its screens: routes.tsx): only with CREATE_COMPANY. */
export function AdminScreen() {
  const { data: policies, isLoading } = useGetPoliciesQuery();

  if (isLoading) return <PageLoading />;
  if (!policies?.CREATE_COMPANY) return <NoAccess />;
  return <Outlet />;
}
