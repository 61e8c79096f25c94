import { Stack } from '@mui/material';
import { ScreenTitle } from '../../components/ScreenTitle';
import { SearchBox } from '../../components/SearchBox';
import { ArticleGroupTiles } from './ArticleGroupTiles';
import { BundleMonthBar } from './BundleMonthBar';
import { GroupBundleCard } from './GroupBundleCard';
import { QaToolsPanel } from './QaToolsPanel';
import { ApprovalCard, OpenRequestsCard } from './RequestsCards';
import { useIsStaffAtHome } from '../../api/currentUserApi';
import { StaffOverview } from './StaffOverview';
import { useDashboardMonth } from './useDashboardMonth';

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
        <QaToolsPanel />
      </Stack>
    </>
  );
}
