import { Stack } from '@mui/material';
import { lazy, Suspense } from 'react';
import { ROLE } from '../../../domain/permissions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { SearchBox } from '../../components/SearchBox';
import { ArticleGroupTiles } from './ArticleGroupTiles';
import { BundleMonthBar } from './BundleMonthBar';
import { GroupBundleCard } from './GroupBundleCard';
import { ApprovalCard, OpenRequestsCard } from './RequestsCards';
import { useCurrentUser, useIsStaffAtHome } from '../../api/currentUserApi';
import { StaffOverview } from './StaffOverview';
import { useDashboardMonth } from './useDashboardMonth';

/**
 * The QA tools (forms with Formik and MUI's TextField) are a chunk of their own, loaded for a
 * superadmin only: a customer's dashboard does not load them (docs/performance.md, 'The first
 * render's JavaScript').
 */
const QaToolsPanel = lazy(() => import(/* webpackChunkName: "qa-tools" */ './QaToolsPanel').then((module) => ({ default: module.QaToolsPanel })));

function QaTools() {
  const { data: user } = useCurrentUser();
  if (user?.role_id !== ROLE.superadmin) return null;
  return (
    <Suspense fallback={null}>
      <QaToolsPanel />
    </Suspense>
  );
}

export function DashboardScreen() {
  const { month, options } = useDashboardMonth();
  const staffAtHome = useIsStaffAtHome();

  return (
    <>
      <ScreenTitle>Dashboard</ScreenTitle>
      <Stack spacing={4}>
        <SearchBox landmarkLabel="Zoeken op het dashboard" size="large" />
        {staffAtHome && <StaffOverview />}
        {/* docs/requests.md, 'Approval': what waits for the user comes first. */}
        {!staffAtHome && <ApprovalCard />}
        <Stack spacing={2}>
          <BundleMonthBar month={month} options={options} />
          <GroupBundleCard month={month} />
        </Stack>
        {!staffAtHome && <OpenRequestsCard />}
        <ArticleGroupTiles />
        <QaTools />
      </Stack>
    </>
  );
}
