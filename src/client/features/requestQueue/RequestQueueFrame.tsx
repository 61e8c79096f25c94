import { Alert } from '@mui/material';
import { Outlet } from 'react-router-dom';
import { useGetPoliciesQuery } from '../../api/currentUserApi';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';

/** Everything below /mer-aanvragen (its screens: routes.tsx): only with HANDLE_REQUESTS (docs/requests.md, 'Who may do what'). */
export function RequestQueueFrame() {
  const { data: policies, isLoading } = useGetPoliciesQuery();

  if (isLoading) return <PageLoading />;
  if (!policies?.HANDLE_REQUESTS) {
    return (
      <>
        <ScreenTitle>Aanvragen</ScreenTitle>
        <Alert severity="warning">Je hebt geen toegang tot de aanvragen van klanten. Die behandelt de dienstverlener.</Alert>
      </>
    );
  }
  return <Outlet />;
}
