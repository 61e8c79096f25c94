import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Stack } from '@mui/material';
import { useMemo } from 'react';
import { Outlet, Link as RouterLink, useParams } from 'react-router-dom';
import { currentMonth, monthKey, monthRange } from '../../../domain/time';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useManageCompany } from '../../components/useManageCompany';
import { useGetCostsQuery } from './costsApi';
import { branchRef, CostsBranchContext, periodOf, useCostsBranch } from './costsBranch';
import { MonthSummaryHeading, SummaryTable } from './CostsOverviewScreen';
import { CostsBreadcrumbs, CostsNotFound, LoadState, MonthPicker } from './CostsParts';
import { useGetGroupBranchesQuery } from './groupApi';
import { selectCostsSummary } from './selectors';
import { useCostsOverviewMonth } from './useCostsMonth';

const SUMMARY_HEADING_ID = 'vestiging-kosten-van-de-maand';

/**
 * /kosten/groep/{id}/{naam} and below (docs/screens.md, 'Groepsoverzicht'): a branch of the acting company's group,
 * read-only, for the screens below it (its month, and the same detail screens as /kosten). The branch is one of
 * GET /group/branches; any other id is not found, as the server answers its costs 404.
 */
export function GroupBranchScreen() {
  const id = Number(useParams().branchId);
  const { data, isError } = useGetGroupBranchesQuery();
  const branch = data?.branches.find((candidate) => candidate.company_id === id);

  if (!data) return <LoadState isError={isError} />;
  if (!branch) return <CostsNotFound message="Deze vestiging hoort niet bij je groep." />;
  return (
    <CostsBranchContext.Provider value={branch}>
      <Outlet />
    </CostsBranchContext.Provider>
  );
}

/**
 * The branch's costs of the month as /kosten shows them (the month table with its VAT lines; a row opens its detail
 * screen), without anything that acts for the branch: no export, specification or request. 'Beheren' is there only
 * for a user the server lets manage the branch (`may_manage`), a separate step with its own reason.
 */
export function GroupBranchOverviewScreen() {
  const branch = useCostsBranch()!;
  const { options, month, select } = useCostsOverviewMonth();
  const period = useMemo(() => periodOf(monthRange(month), branch), [month, branch]);
  const costs = useGetCostsQuery(period);
  const summary = useAppSelector((state) => selectCostsSummary(state, period));
  const { manage, dialog } = useManageCompany();
  // docs/rules.md, 'Expected costs of the current month': the current month is not over, so its figures are provisional.
  const provisional = monthKey(month) === monthKey(currentMonth());
  const title = `Kosten ${branch.name}`;

  return (
    <>
      <CostsBreadcrumbs month={month} crumbs={[]} />
      <ScreenTitle>{title}</ScreenTitle>
      <Stack spacing={4}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
          <MonthPicker month={month} options={options} onSelect={select} />
          <Button component={RouterLink} to={paths.groupCosts(month)} variant="outlined" startIcon={<ArrowBackIcon />}>
            Terug naar Groepsoverzicht
          </Button>
          {branch.may_manage && (
            <Button variant="outlined" onClick={() => manage({ id: branch.company_id, name: branch.name }, paths.costs(month))}>
              Beheren
            </Button>
          )}
        </Stack>
        <Box component="section" aria-labelledby={SUMMARY_HEADING_ID}>
          <MonthSummaryHeading id={SUMMARY_HEADING_ID} month={month} provisional={provisional} />
          {summary ? (
            <SummaryTable summary={summary} month={month} labelledBy={SUMMARY_HEADING_ID} branch={branchRef(branch)} />
          ) : (
            <LoadState isError={costs.isError} />
          )}
        </Box>
      </Stack>
      {dialog}
    </>
  );
}
