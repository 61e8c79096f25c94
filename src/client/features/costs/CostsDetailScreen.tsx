import { Box, Paper, Stack, Typography } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { formatDecimal, formatEuro } from '../../../domain/format';
import { type Month, monthLabel, monthRange } from '../../../domain/time';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { costsPaths } from './costsPaths';
import { ExclVatNote } from '../../components/ExclVatNote';
import { ScreenTitle } from '../../components/ScreenTitle';
import { LazyPieChart } from './charts/LazyCharts';
import { type CostLinesQuery, useGetCostLinesQuery, useGetCostsQuery } from './costsApi';
import { type ArticleCosts, COSTS_TYPES, type CostsType, hasLines, isCostsType, type LinesCostsType, totalOf, type UsageCategoryCosts } from './costsModel';
import { AmountTable, CostsBreadcrumbs, CostsNotFound, LoadState } from './CostsParts';
import { branchRef, periodOf, useCostsBranch } from './costsBranch';
import { selectCostsPerArticle, selectUsageCategories } from './selectors';
import { useSelectedCostsMonth } from './useCostsMonth';

const TABLE_HEADING_ID = 'kosten-detail-titel';

/** The title of a detail screen: "Periodiek – mei 2026". */
export const detailTitle = (costsType: CostsType, month: Month) => `${COSTS_TYPES[costsType].label} – ${monthLabel(month)}`;

/**
 * /kosten/maandelijks, /kosten/nieuwe-aansluitingen, /kosten/setup and /kosten/verbruik: one kind
 * of costs of the month in the address (`?maand=YYYY-MM`, as /kosten links them), as a pie chart
 * and a table. Without a month they go back to /kosten (docs/screens.md, 'Detail screens'). Below a branch of the
 * group (/kosten/groep/{id}/{naam}/…) the same screens show that branch's costs, read-only.
 */
export function CostsDetailScreen() {
  const { costsType } = useParams();
  const month = useSelectedCostsMonth();
  const branch = useCostsBranch();

  if (!month) return <Navigate to={branch ? paths.groupCosts() : paths.costs()} replace />;
  if (!isCostsType(costsType)) return <CostsNotFound message="Deze kostensoort bestaat niet." />;
  return (
    <>
      <CostsBreadcrumbs month={month} crumbs={[{ label: COSTS_TYPES[costsType].label }]} />
      <ScreenTitle>{detailTitle(costsType, month)}</ScreenTitle>
      {hasLines(costsType) ? <ArticlesDetail costsType={costsType} month={month} /> : <UsageDetail month={month} />}
    </>
  );
}

interface DetailLayoutProps {
  chart: ReactNode;
  table: ReactNode;
}

function DetailLayout({ chart, table }: DetailLayoutProps) {
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {chart}
      </Paper>
      <Box component="section" aria-labelledby={TABLE_HEADING_ID}>
        {table}
        <ExclVatNote sx={{ mt: 1 }} />
      </Box>
    </Stack>
  );
}

function NoCosts() {
  return <Typography>Er zijn in deze maand geen kosten van deze soort.</Typography>;
}

/** docs/screens.md, 'Detail screens': the lines above zero per article, highest first; rows open the article. */
function ArticlesDetail({ costsType, month }: { costsType: LinesCostsType; month: Month }) {
  const { label, lines } = COSTS_TYPES[costsType];
  const branch = useCostsBranch();
  const query: CostLinesQuery = useMemo(() => ({ kind: lines, ...periodOf(monthRange(month), branch) }), [lines, month, branch]);
  const { isError } = useGetCostLinesQuery(query);
  const rows = useAppSelector((state) => selectCostsPerArticle(state, query));

  if (!rows) return <LoadState isError={isError} />;
  if (rows.length === 0) return <NoCosts />;
  return (
    <DetailLayout
      chart={
        <LazyPieChart
          name={label}
          slices={rows.map((row) => ({ name: row.articleName, amount: row.amount }))}
          description={`Verdeling van de kosten ${label.toLowerCase()} over de artikelen.`}
        />
      }
      table={
        <>
          <Typography variant="h2" id={TABLE_HEADING_ID} sx={{ mb: 1.5 }}>
            Per artikel
          </Typography>
          <AmountTable<ArticleCosts>
            labelledBy={TABLE_HEADING_ID}
            columns={[
              { header: 'Artikel', cell: (row) => row.articleName },
              { header: 'Productgroep', cell: (row) => row.productgroup },
              { header: 'Aantal afnames', align: 'right', cell: (row) => formatDecimal(row.services, 0) },
              { header: 'Bedrag', align: 'right', cell: (row) => formatEuro(row.amount) },
            ]}
            rows={rows}
            rowKey={(row) => row.articleId}
            rowHref={(row) => costsPaths.article(costsType, row.articleId, month, branchRef(branch))}
            total={{ label: 'Totaal', amount: totalOf(rows) }}
          />
        </>
      }
    />
  );
}

/** The usage categories of the month; the total row opens the usage report of the month (the company's own only). */
function UsageDetail({ month }: { month: Month }) {
  const branch = useCostsBranch();
  const period = useMemo(() => periodOf(monthRange(month), branch), [month, branch]);
  const { isError } = useGetCostsQuery(period);
  const rows = useAppSelector((state) => selectUsageCategories(state, period));

  if (!rows) return <LoadState isError={isError} />;
  const total = { label: 'Totaal verbruik', amount: totalOf(rows), href: branch ? undefined : paths.usageOfMonth(month) };
  return (
    <DetailLayout
      chart={
        rows.length > 0 ? (
          <LazyPieChart
            name="Verbruik"
            slices={rows.map((row) => ({ name: row.label, amount: row.amount }))}
            description="Verdeling van de verbruikskosten over data, bellen, sms en de groepsbundel."
          />
        ) : (
          <NoCosts />
        )
      }
      table={
        <>
          <Typography variant="h2" id={TABLE_HEADING_ID} sx={{ mb: 1.5 }}>
            Per soort verbruik
          </Typography>
          <AmountTable<UsageCategoryCosts>
            labelledBy={TABLE_HEADING_ID}
            columns={[
              { header: 'Soort verbruik', cell: (row) => row.label },
              { header: 'Bedrag', align: 'right', cell: (row) => formatEuro(row.amount) },
            ]}
            rows={rows}
            rowKey={(row) => row.key}
            total={total}
          />
        </>
      }
    />
  );
}
