import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChart';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { bundlePercentage } from '../../../domain/bundle';
import { formatDecimal, formatEuro, formatGb } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { monthLabel, monthRange } from '../../../domain/time';
import { saveCsv, saveObjectUrl } from '../../base/download';
import { paths } from '../../base/paths';
import { useSortParam } from '../../base/useSortParam';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ExclVatNote } from '../../components/ExclVatNote';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Section } from '../../components/Section';
import { useManageCompany } from '../../components/useManageCompany';
import { GROUP_SORT_KEYS, type GroupSortKey, sortBranches } from './costsModel';
import { costsPaths } from './costsPaths';
import { MonthPicker } from './CostsParts';
import { SpecificationButton } from './CostSpecificationSection';
import {
  type BranchCosts,
  type GroupCosts,
  useDownloadGroupCostsExcelMutation,
  useDownloadGroupCostsMutation,
  useGetGroupBranchesQuery,
  useGetGroupCostsQuery,
} from './groupApi';
import { useCostsOverviewMonth } from './useCostsMonth';

const TABLE_HEADING_ID = 'groepsoverzicht-kosten';
const SERVICES_HEADING_ID = 'groepsoverzicht-diensten';
const BUNDLE_HEADING_ID = 'groepsoverzicht-bundel';

/** The group's own row below the branches: company_id 0, its name in bold. */
const GROUP_ROW = 0;
const branchName = (row: { company_id: number; name: string }) => (row.company_id === GROUP_ROW ? <strong>{row.name}</strong> : row.name);

/** An amount column; it sorts high to low first (docs/screens.md, 'Sorting'). */
const amount = (header: string, sortKey: GroupSortKey, value: (row: BranchCosts) => number): DataColumn<BranchCosts> => ({
  header,
  sortKey,
  firstDirection: 'desc',
  align: 'right',
  sx: { whiteSpace: 'nowrap' },
  cell: (row) => formatEuro(value(row)),
});

/** The server's order: by name the Dutch way. */
const BY_NAME = { key: 'vestiging', direction: 'asc' } as const;


/** Each branch's services per article group, and the group's. */
function ServicesTable({ data, busy }: { data: GroupCosts; busy: boolean }) {
  const columns: DataColumn<Pick<BranchCosts, 'company_id' | 'name' | 'services'>>[] = [
    { header: 'Vestiging', cell: branchName },
    ...data.article_groups.map((group, i) => ({
      header: group.name,
      align: 'right' as const,
      cell: (row: Pick<BranchCosts, 'services'>) => formatDecimal(row.services[i]?.count ?? 0, 0),
    })),
  ];
  return (
    <DataTable
      labelledBy={SERVICES_HEADING_ID}
      columns={columns}
      rows={[...data.branches, { company_id: GROUP_ROW, name: `Totaal ${data.parent.name}`, services: data.group.services }]}
      rowKey={(row) => row.company_id}
      busy={busy}
    />
  );
}

/** Each branch's group bundle of the month, for the branches that have one. */
function BundleTable({ data, busy }: { data: GroupCosts; busy: boolean }) {
  const rows = data.branches.filter((b) => b.bundle !== null);
  if (rows.length === 0) return <Typography>Geen van de vestigingen heeft een groepsbundel.</Typography>;
  const percentage = (row: BranchCosts) => bundlePercentage(row.bundle!.total_gb, row.bundle!.gb_used);
  const columns: DataColumn<BranchCosts>[] = [
    { header: 'Vestiging', cell: branchName },
    { header: 'Verbruikt', align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (row) => formatGb(row.bundle!.gb_used) },
    { header: 'Bundel', align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (row) => formatGb(row.bundle!.total_gb) },
    {
      header: 'Verbruik',
      sx: { minWidth: 140 },
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={percentage(row)}
            aria-label={`Verbruik groepsbundel ${row.name}`}
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
          />
          <span>{formatDecimal(percentage(row), 0)} %</span>
        </Stack>
      ),
    },
  ];
  return <DataTable labelledBy={BUNDLE_HEADING_ID} columns={columns} rows={rows} rowKey={(row) => row.company_id} busy={busy} />;
}

/**
 * /kosten/groep ('Groepsoverzicht', docs/rules.md, 'The group view'): for the month, every branch of the parent company
 * side by side: its costs and the group's totals (the sums of the branches to the cent), its
 * services per article group, and its group bundle use. 'Bekijken' opens a branch's costs read-only
 * (GroupBranchScreen), without managing it; 'Beheren' manages it, for a user the server lets
 * (GET /group/branches' `may_manage`). The costs table sorts by its columns, the order in the address
 * (docs/screens.md, 'Sorting'), the group's row always last. It downloads as CSV or Excel; the
 * group's cost specification and its costs per cost centre (docs/cost-specification.md) are a click away.
 */
export function GroupCostsScreen() {
  const { options, month, select } = useCostsOverviewMonth();
  const period = useMemo(() => monthRange(month), [month]);
  const { data, isLoading, isError, isFetching } = useGetGroupCostsQuery(period);
  const { data: branches } = useGetGroupBranchesQuery();
  const { manage, dialog: manageDialog } = useManageCompany();
  const sorting = useSortParam(GROUP_SORT_KEYS, BY_NAME);
  const rows = useMemo(() => (data ? sortBranches(data.branches, sorting.sort.key, sorting.sort.direction) : []), [data, sorting.sort]);
  const [download, { isLoading: downloading }] = useDownloadGroupCostsMutation();
  const [downloadExcel, { isLoading: downloadingExcel }] = useDownloadGroupCostsExcelMutation();
  const fileName = `groepsoverzicht-${period.from.slice(0, 7)}`;

  // A failed download is reported by a toast (callToasts).
  const saveTable = async () => {
    const text = await download(period)
      .unwrap()
      .catch(() => null);
    if (text !== null) saveCsv(text, `${fileName}.csv`);
  };
  const saveTableExcel = async () => {
    const url = await downloadExcel(period)
      .unwrap()
      .catch(() => null);
    if (url !== null) saveObjectUrl(url, `${fileName}.xlsx`);
  };

  const mayManage = (row: BranchCosts) => branches?.branches.some((branch) => branch.company_id === row.company_id && branch.may_manage) ?? false;

  const columns: DataColumn<BranchCosts>[] = [
    { header: 'Vestiging', sortKey: 'vestiging', cell: branchName },
    amount('Periodiek', 'periodiek', (row) => row.periodic),
    amount('Nieuwe aansluitingen', 'nieuwe-aansluitingen', (row) => row.full),
    amount('Set up', 'setup', (row) => row.setup),
    amount('Verbruik', 'verbruik', (row) => row.usage),
    { ...amount('Totale kosten', 'totaal', (row) => row.total), sx: { whiteSpace: 'nowrap', fontWeight: 600 } },
    {
      header: 'Kosten',
      cell: (row) =>
        row.company_id === GROUP_ROW ? null : (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              size="small"
              component={RouterLink}
              to={costsPaths.branch({ id: row.company_id, name: row.name }, month)}
              aria-label={`Kosten van ${row.name} bekijken`}
            >
              Bekijken
            </Button>
            {mayManage(row) && (
              <Button size="small" onClick={() => manage({ id: row.company_id, name: row.name }, paths.costs(month))} aria-label={`${row.name} beheren`}>
                Beheren
              </Button>
            )}
          </Stack>
        ),
    },
  ];

  const downloads = (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={saveTable} disabled={downloading || !data}>
        CSV downloaden
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={saveTableExcel} disabled={downloadingExcel || !data}>
        Excel downloaden
      </Button>
    </Stack>
  );

  return (
    <>
      <ScreenTitle>Groepsoverzicht</ScreenTitle>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
          <MonthPicker month={month} options={options} onSelect={select} />
          <SpecificationButton scope="group" month={month} />
          <Button component={RouterLink} to={costsPaths.allocation(month, 'group')} variant="outlined" startIcon={<TableChartIcon />}>
            Per kostenplaats
          </Button>
        </Stack>
        <Section
          id={TABLE_HEADING_ID}
          title={data ? `Kosten ${monthLabel(month)} per vestiging van ${data.parent.name}` : `Kosten ${monthLabel(month)} per vestiging`}
          action={downloads}
        >
          {isLoading ? (
            <PageLoading />
          ) : isError || !data ? (
            <Alert severity="warning">{MSG.initialLoadFailed}</Alert>
          ) : (
            <DataTable
              labelledBy={TABLE_HEADING_ID}
              columns={columns}
              rows={[...rows, { company_id: GROUP_ROW, name: `Totaal ${data.parent.name}`, ...data.group, bundle: null }]}
              rowKey={(row) => row.company_id}
              busy={isFetching}
              sorting={sorting}
              // No amount and no action may be cut off: where the columns do not fit, the rows stack.
              stackWhenCramped
            />
          )}
          <ExclVatNote sx={{ mt: 1 }} />
        </Section>
        {data && (
          <>
            <Section id={SERVICES_HEADING_ID} title="Afnames per artikelgroep per vestiging">
              <ServicesTable data={data} busy={isFetching} />
            </Section>
            <Section id={BUNDLE_HEADING_ID} title={`Groepsbundel ${monthLabel(month)} per vestiging`}>
              <BundleTable data={data} busy={isFetching} />
            </Section>
          </>
        )}
      </Stack>
      {manageDialog}
    </>
  );
}
