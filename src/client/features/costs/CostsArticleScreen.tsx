import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { formatDecimal, formatEuro } from '../../../domain/format';
import { type Month, monthLabel, monthRange } from '../../../domain/time';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { costsPaths } from './costsPaths';
import { ExclVatNote } from '../../components/ExclVatNote';
import { ScreenTitle } from '../../components/ScreenTitle';
import { type CostLinesQuery, useGetCostLinesQuery } from './costsApi';
import { COSTS_TYPES, hasLines, isCostsType, type LinesCostsType, type ServiceCosts, totalOf } from './costsModel';
import { AmountTable, CostsBreadcrumbs, CostsNotFound, endUserName, LoadState } from './CostsParts';
import { selectCostArticle, selectServiceCosts } from './selectors';
import { branchRef, periodOf, useCostsBranch } from './costsBranch';
import { useSelectedCostsMonth } from './useCostsMonth';

const TABLE_HEADING_ID = 'kosten-artikel-titel';
/** The line of the article's bulk units (no end user): named as the article page names them. */
const BULK_LINE = 'Bulkafnames';

/** /kosten/{costsType}/{articleId}: the lines of one article in the chosen month, per service (of a branch, read-only, below /kosten/groep/{id}/{naam}). */
export function CostsArticleScreen() {
  const { costsType, articleId } = useParams();
  const month = useSelectedCostsMonth();
  const branch = useCostsBranch();
  const id = Number(articleId);

  if (!month) return <Navigate to={branch ? paths.groupCosts() : paths.costs()} replace />;
  if (!isCostsType(costsType) || !hasLines(costsType) || !Number.isInteger(id) || id <= 0) {
    return <CostsNotFound message="Deze pagina bestaat niet." />;
  }
  return <ArticleLines costsType={costsType} articleId={id} month={month} />;
}

function ArticleLines({ costsType, articleId, month }: { costsType: LinesCostsType; articleId: number; month: Month }) {
  const { label, lines } = COSTS_TYPES[costsType];
  const branch = useCostsBranch();
  const query: CostLinesQuery = useMemo(() => ({ kind: lines, ...periodOf(monthRange(month), branch) }), [lines, month, branch]);
  const { isError, isSuccess } = useGetCostLinesQuery(query);
  const rows = useAppSelector((state) => selectServiceCosts(state, query, articleId));
  const article = useAppSelector((state) => selectCostArticle(state, query, articleId));

  if (!rows) return <LoadState isError={isError} />;
  if (isSuccess && (!article || rows.length === 0)) {
    return <CostsNotFound message={`Dit artikel heeft in ${monthLabel(month)} geen kosten van deze soort.`} />;
  }
  return (
    <>
      <CostsBreadcrumbs
        month={month}
        crumbs={[{ label: `${label} – ${monthLabel(month)}`, to: costsPaths.detail(costsType, month, branchRef(branch)) }, { label: article?.name ?? '' }]}
      />
      <ScreenTitle>{article?.name ?? ''}</ScreenTitle>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {`${article?.productgroup ?? ''} · ${label} · ${monthLabel(month)}`}
      </Typography>
      <Box component="section" aria-labelledby={TABLE_HEADING_ID}>
        <Typography variant="h2" id={TABLE_HEADING_ID} sx={{ mb: 1.5 }}>
          Per afname
        </Typography>
        <AmountTable<ServiceCosts>
          labelledBy={TABLE_HEADING_ID}
          columns={[
            { header: 'Eindgebruiker', cell: (row) => (row.serviceId === null ? BULK_LINE : endUserName(row.firstname, row.lastname)) },
            { header: 'Aantal', align: 'right', cell: (row) => formatDecimal(row.quantity, 0) },
            { header: 'Stuksprijs', align: 'right', cell: (row) => formatEuro(row.price) },
            { header: 'Bedrag', align: 'right', cell: (row) => formatEuro(row.amount) },
          ]}
          rows={rows}
          rowKey={(row) => row.key}
          total={{ label: 'Totaal', amount: totalOf(rows) }}
        />
        <ExclVatNote sx={{ mt: 1 }} />
      </Box>
    </>
  );
}
