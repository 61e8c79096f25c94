import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatEuro } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { monthLabel, monthRange } from '../../../domain/time';
import { selectActingCompanyId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useManageCompany } from '../../components/useManageCompany';
import { MonthPicker } from './CostsParts';
import { type BranchCosts, useGetGroupCostsQuery } from './groupApi';
import { useCostsOverviewMonth } from './useCostsMonth';

const TABLE_HEADING_ID = 'groepsoverzicht-kosten';

const amount = (header: string, value: (row: BranchCosts) => number): DataColumn<BranchCosts> => ({
  header,
  align: 'right',
  sx: { whiteSpace: 'nowrap' },
  cell: (row) => formatEuro(value(row)),
});

/**
 * /kosten/groep ('Groepsoverzicht', issue 20): the month's costs of every branch of the parent
 * company side by side, and the group's totals, which are the sums of the branches to the cent.
 * A branch's costs screen opens by managing the branch (for the acting company itself, directly).
 */
export function GroupCostsScreen() {
  const { options, month, select } = useCostsOverviewMonth();
  const period = useMemo(() => monthRange(month), [month]);
  const { data, isLoading, isError, isFetching } = useGetGroupCostsQuery(period);
  const actingCompanyId = useAppSelector(selectActingCompanyId);
  const manage = useManageCompany();
  const navigate = useNavigate();

  const open = (branch: BranchCosts) => {
    if (branch.company_id !== actingCompanyId) manage(branch.company_id);
    navigate(paths.costs(month));
  };

  const columns: DataColumn<BranchCosts>[] = [
    { header: 'Vestiging', cell: (row) => (row.company_id === 0 ? <strong>{row.name}</strong> : row.name) },
    amount('Periodiek', (row) => row.periodic),
    amount('Nieuwe aansluitingen', (row) => row.full),
    amount('Set up', (row) => row.setup),
    amount('Verbruik', (row) => row.usage),
    { header: 'Totale kosten', align: 'right', sx: { whiteSpace: 'nowrap', fontWeight: 600 }, cell: (row) => formatEuro(row.total) },
    {
      header: 'Kosten',
      cell: (row) =>
        row.company_id === 0 ? null : (
          <Button size="small" onClick={() => open(row)} aria-label={`Kosten van ${row.name} bekijken`}>
            Bekijken
          </Button>
        ),
    },
  ];

  return (
    <>
      <ScreenTitle>Groepsoverzicht</ScreenTitle>
      <Stack spacing={3}>
        <MonthPicker month={month} options={options} onSelect={select} />
        <Box component="section" aria-labelledby={TABLE_HEADING_ID}>
          <Typography variant="h2" id={TABLE_HEADING_ID} sx={{ mb: 1.5 }}>
            {data ? `Kosten ${monthLabel(month)} per vestiging van ${data.parent.name}` : `Kosten ${monthLabel(month)} per vestiging`}
          </Typography>
          {isLoading ? (
            <PageLoading />
          ) : isError || !data ? (
            <Alert severity="warning">{MSG.initialLoadFailed}</Alert>
          ) : (
            <DataTable
              labelledBy={TABLE_HEADING_ID}
              columns={columns}
              rows={[...data.branches, { company_id: 0, name: `Totaal ${data.parent.name}`, ...data.group }]}
              rowKey={(row) => row.company_id}
              busy={isFetching}
            />
          )}
        </Box>
      </Stack>
    </>
  );
}
