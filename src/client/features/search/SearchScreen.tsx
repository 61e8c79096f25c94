import { Alert, Link, Stack, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { useGetCompanyQuery } from '../../api/currentUserApi';
import { selectActingCompanyId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { BlockStateChip } from '../../components/BlockStateChip';
import { ScreenTitle } from '../../components/ScreenTitle';
import { type Column, ResultsSection } from './ResultsSection';
import {
  type FreeFieldMatch,
  selectArticleHits,
  selectEndUserHits,
  selectFieldInputHits,
  selectFreeFieldMatches,
  useGetSearchResultsQuery,
} from './searchApi';
import { SearchForm } from './SearchForm';
import type {
  ArticleHitAnswer,
  ArticleRefAnswer,
  EndUserRefAnswer,
  FieldInputHitAnswer,
  ServiceRefAnswer,
} from '../../../server/routes/search/schemas';

const fullName = (endUser: EndUserRefAnswer) => `${endUser.firstname} ${endUser.lastname}`;

const groupOf = (article: ArticleRefAnswer) => ({ id: article.article_group_id, name: article.article_group_name });

const articlePath = (article: ArticleRefAnswer) => paths.article(groupOf(article), article);

const servicePath = (service: ServiceRefAnswer) => paths.service(groupOf(service.article), service.article, service);

const RouteLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to}>
    {children}
  </Link>
);

const articleColumns: Column<ArticleHitAnswer>[] = [
  { header: 'Artikel', cell: (article) => <RouteLink to={articlePath(article)}>{article.name}</RouteLink> },
  { header: 'Categorie', cell: (article) => article.article_group_name },
  { header: 'Artikelnummer', cell: (article) => article.sku ?? '' },
  { header: 'Omschrijving', cell: (article) => article.description },
];

const endUserColumns: Column<EndUserRefAnswer>[] = [
  { header: 'Naam', cell: (endUser) => <RouteLink to={paths.endUser(endUser)}>{fullName(endUser)}</RouteLink> },
];

/** The article and end user of a service hit; the value links to the service. */
const serviceColumns: Column<{ service: ServiceRefAnswer }>[] = [
  {
    header: 'Artikel',
    // docs/requests.md, 'Blocking': a blocked afname says so in the search too.
    cell: ({ service }) =>
      service.block_state === null ? (
        service.article.name
      ) : (
        <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{service.article.name}</span>
          <BlockStateChip blockState={service.block_state} />
        </Stack>
      ),
  },
  { header: 'Eindgebruiker', cell: ({ service }) => (service.end_user ? fullName(service.end_user) : MSG.noUser) },
];

const fieldInputColumns: Column<FieldInputHitAnswer>[] = [
  { header: 'Waarde', cell: (hit) => <RouteLink to={servicePath(hit.service)}>{hit.value}</RouteLink> },
  { header: 'Veld', cell: (hit) => hit.article_group_field.name },
  ...serviceColumns,
];

const freeFieldColumns: Column<FreeFieldMatch>[] = [
  { header: 'Waarde', cell: (match) => <RouteLink to={servicePath(match.service)}>{match.value}</RouteLink> },
  { header: 'Veld', cell: (match) => match.label },
  ...serviceColumns,
];

/** `?page=` as a page number; anything else is the first page. */
const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function SearchResults({ term }: { term: string }) {
  const [searchParams] = useSearchParams();
  // One page number for the whole screen, as docs/screens.md, 'Search' keeps it: `?page=2` is "page 2 of the
  // results", so a link to it shows every section as it was. Each section shows its rows of that
  // page (or its last page when it has fewer), and each pager moves all of them together.
  const page = pageFrom(searchParams.get('page'));
  const { currentData, isFetching, isError } = useGetSearchResultsQuery(term);
  const actingCompanyId = useAppSelector(selectActingCompanyId);
  // The free fields are shown under the company's own labels.
  useGetCompanyQuery(actingCompanyId ?? skipToken);

  const articles = useAppSelector((state) => selectArticleHits(state, term));
  const endUsers = useAppSelector((state) => selectEndUserHits(state, term));
  const fieldInputs = useAppSelector((state) => selectFieldInputHits(state, term));
  const freeFields = useAppSelector((state) => selectFreeFieldMatches(state, term));

  // `currentData` belongs to this term: while another term's answer is still shown, load.
  if (!currentData && isFetching) return <Typography role="status">{MSG.loading}</Typography>;
  if (isError) return <Alert severity="error">{MSG.initialLoadFailed}</Alert>;
  if (articles.length + endUsers.length + fieldInputs.length + freeFields.length === 0) {
    return <Typography role="status">{MSG.searchNoResults}</Typography>;
  }
  return (
    <>
      {articles.length > 0 && (
        <ResultsSection id="artikelen" title="Artikelen" rows={articles} rowKey={(hit) => hit.id} columns={articleColumns} page={page} />
      )}
      {endUsers.length > 0 && (
        <ResultsSection id="eindgebruikers" title="Eindgebruikers" rows={endUsers} rowKey={(hit) => hit.id} columns={endUserColumns} page={page} />
      )}
      {fieldInputs.length > 0 && (
        <ResultsSection id="afnames" title="Afnames" rows={fieldInputs} rowKey={(hit) => hit.id} columns={fieldInputColumns} page={page} />
      )}
      {freeFields.length > 0 && (
        <ResultsSection id="vrije-velden" title="Vrije velden" rows={freeFields} rowKey={(match) => match.key} columns={freeFieldColumns} page={page} />
      )}
    </>
  );
}

/** /zoek/{term}: the acting company's articles, end users and services that match the term. */
export function SearchScreen() {
  const term = (useParams().term ?? '').trim();

  return (
    <>
      <ScreenTitle>{term ? `Zoekresultaten voor "${term}"` : 'Zoeken'}</ScreenTitle>
      <SearchForm key={term} term={term} />
      {term ? <SearchResults term={term} /> : <Typography role="status">{MSG.searchNoTerm}</Typography>}
    </>
  );
}
