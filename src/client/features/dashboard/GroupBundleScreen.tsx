import { Alert, Link, LinearProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { bundlePercentage } from '../../../domain/bundle';
import { formatDecimal, formatGb } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { monthLabel, monthRange, monthStart } from '../../../domain/time';
import { paths } from '../../base/paths';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Section } from '../../components/Section';
import { BundleMonthBar } from './BundleMonthBar';
import { LazyBundleDayChart } from './charts/LazyBundleDayChart';
import { useGetGroupBundleStatusQuery } from '../../api/currentUserApi';
import { type GroupBundleUsage, useGetGroupBundleUsageQuery } from './dashboardApi';
import { useGroupBundleMonth } from './useDashboardMonth';

const FIGURES_HEADING_ID = 'groepsbundel-verbruik';
const DAYS_HEADING_ID = 'groepsbundel-per-dag';
const TOP_HEADING_ID = 'groepsbundel-top';

type TopNumber = GroupBundleUsage['top'][number];

const endUserName = (row: TopNumber) => (row.end_user ? `${row.end_user.firstname} ${row.end_user.lastname}`.trim() : 'Zonder gebruiker');

/** GB used of the total, the share as a bar, and (running month) where the bundle is going. */
function BundleFigures({ usage }: { usage: GroupBundleUsage }) {
  const percentage = bundlePercentage(usage.total_gb, usage.gb_used);
  return (
    <Stack spacing={1.5}>
      <Typography>
        {formatGb(usage.gb_used)} van {formatGb(usage.total_gb)} ({formatDecimal(percentage, 0)} %)
      </Typography>
      <LinearProgress variant="determinate" value={percentage} aria-label="Verbruik groepsbundel" sx={{ height: 12, borderRadius: 6 }} />
      {usage.projection && <Typography sx={{ fontWeight: 600 }}>{usage.projection.text}</Typography>}
    </Stack>
  );
}

/**
 * 'Groepsbundel' (docs/usage.md, 'Where the bundle is going'): the group bundle of a month: GB used of the total, for the running
 * month the projection to the month's end, a column chart of the use per day and the ten numbers
 * that used most. The month is the address's (`?maand=YYYY-MM`) or the dashboard's, one of the
 * dashboard's months; every figure comes from `GET /costs/groupbundle/usage`.
 */
export function GroupBundleScreen() {
  const { month, options, select } = useGroupBundleMonth();
  const { data: status, isError: statusFailed } = useGetGroupBundleStatusQuery();
  const hasGroupBundle = status?.has_group_bundle === true;
  const { data: usage, isLoading, isError, isFetching } = useGetGroupBundleUsageQuery(monthStart(month), { skip: !hasGroupBundle });
  const label = monthLabel(month);
  const range = monthRange(month);
  const reportSearch = `?${new URLSearchParams({ from: range.from, to: range.to })}`;

  const columns: DataColumn<TopNumber>[] = [
    {
      header: 'Nummer',
      cell: (row) => (
        <Link
          component={RouterLink}
          to={paths.usageDetail(
            { id: row.end_user?.id ?? 0, firstname: row.end_user?.firstname ?? null, lastname: row.end_user?.lastname ?? null, mobile_number: row.number },
            reportSearch,
          )}
        >
          {row.number}
        </Link>
      ),
    },
    { header: 'Gebruiker', cell: endUserName },
    { header: 'Artikel', cell: (row) => row.article.name },
    { header: 'Verbruik', align: 'right', sx: { whiteSpace: 'nowrap' }, cell: (row) => formatGb(row.gb) },
  ];

  const body = () => {
    if (statusFailed || isError) return <Alert severity="warning">{MSG.initialLoadFailed}</Alert>;
    if (status && !hasGroupBundle) return <Alert severity="info">Dit bedrijf heeft geen groepsbundel.</Alert>;
    if (!status || isLoading || !usage) return <PageLoading />;
    return (
      <>
        <Section id={FIGURES_HEADING_ID} title={`Verbruik ${label}`}>
          <Stack spacing={1.5}>
            <BundleFigures usage={usage} />
            <Link component={RouterLink} to={paths.usageOfMonth(month)} sx={{ alignSelf: 'flex-start' }}>
              Verbruiksrapport {label}
            </Link>
          </Stack>
        </Section>
        <Section id={DAYS_HEADING_ID} title="Verbruik per dag">
          {usage.days.length === 0 ? (
            <Typography>Deze maand is nog niet begonnen.</Typography>
          ) : (
            <LazyBundleDayChart days={usage.days} description={`Verbruik van de groepsbundel per dag in ${label}, in GB.`} />
          )}
        </Section>
        <Section id={TOP_HEADING_ID} title="Grootste verbruikers">
          {usage.top.length === 0 ? (
            <Typography>Geen verbruik uit de groepsbundel in {label}.</Typography>
          ) : (
            <DataTable labelledBy={TOP_HEADING_ID} columns={columns} rows={usage.top} rowKey={(row) => row.service_id} busy={isFetching} />
          )}
        </Section>
      </>
    );
  };

  return (
    <>
      <ScreenTitle>Groepsbundel</ScreenTitle>
      <Stack spacing={3}>
        <BundleMonthBar month={month} options={options} onSelect={select} />
        {body()}
      </Stack>
    </>
  );
}
