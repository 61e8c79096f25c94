import { Button, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../domain/format';
import {
  REQUEST_KIND_LABELS,
  REQUEST_KINDS,
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  type RequestKind,
  type RequestState,
} from '../../../domain/requests';
import { useGetPoliciesQuery, usePermission } from '../../api/currentUserApi';
import { type RequestSummary, useGetRequestsQuery } from '../../api/requestsApi';
import { paths } from '../../base/paths';
import { ChoiceFilter } from '../../components/ChoiceFilter';
import { type DataColumn, DataTable, DataTablePagination } from '../../components/DataTable';
import { RequestStateChip } from '../../components/RequestStateChip';
import { ScreenTitle } from '../../components/ScreenTitle';
import { SearchField } from '../../components/SearchField';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { requestTitle } from './requestText';
import { LIST_PARAMS } from './requestsPaths';

const HEADING_ID = 'aanvragen-lijst-titel';
/** Requests a page. */
export const REQUESTS_PAGE_SIZE = 25;

const columns: DataColumn<RequestSummary>[] = [
  {
    header: 'Aanvraag',
    cell: (request) => (
      <Link component={RouterLink} to={paths.request(request.id)}>
        {requestTitle(request)}
      </Link>
    ),
  },
  { header: 'Status', cell: (request) => <RequestStateChip state={request.state} /> },
  { header: 'Artikel', cell: (request) => request.article_name ?? request.article_group_name ?? '' },
  { header: 'Aangevraagd door', cell: (request) => request.requested_by.name },
  { header: 'Aangevraagd op', sx: { whiteSpace: 'nowrap' }, cell: (request) => formatDateTime(request.created_at) },
];

const isState = (value: string | null): value is RequestState => (REQUEST_STATES as readonly string[]).includes(value ?? '');
const isKind = (value: string | null): value is RequestKind => (REQUEST_KINDS as readonly string[]).includes(value ?? '');

/** The filters, search and page the address names; anything unknown means all, page 1. */
const useListAddress = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = searchParams.get(LIST_PARAMS.state);
  const kind = searchParams.get(LIST_PARAMS.kind);
  const pageAsked = Number(searchParams.get(LIST_PARAMS.page));
  const update = (changes: Record<string, string | null>) =>
    setSearchParams(
      (params) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') params.delete(name);
          else params.set(name, value);
        }
        return params;
      },
      { replace: true },
    );
  return {
    state: isState(state) ? state : undefined,
    kind: isKind(kind) ? kind : undefined,
    q: searchParams.get(LIST_PARAMS.q) ?? '',
    page: Number.isSafeInteger(pageAsked) && pageAsked > 1 ? pageAsked : 1,
    // A new filter or search starts at its first page.
    setFilter: (name: 'state' | 'kind' | 'q', value: string) => update({ [LIST_PARAMS[name]]: value, [LIST_PARAMS.page]: null }),
    setPage: (next: number) => update({ [LIST_PARAMS.page]: next > 1 ? String(next) : null }),
  };
};

const KIND_CHOICES = [['', 'Alle soorten'], ...REQUEST_KINDS.map((kind) => [kind, REQUEST_KIND_LABELS[kind]] as const)] as const;

function Filters({ address }: { address: ReturnType<typeof useListAddress> }) {
  const [term, setTerm] = useState(address.q);
  const search = (event: FormEvent) => {
    event.preventDefault();
    address.setFilter('q', term.trim());
  };
  return (
    <Stack component="form" role="search" aria-label="Aanvragen zoeken" onSubmit={search} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <ChoiceFilter
        id="aanvragen-status"
        size="small"
        label="Status"
        value={address.state ?? ''}
        onChange={(value) => address.setFilter('state', value)}
        choices={[['', 'Alle statussen'], ...REQUEST_STATES.map((state) => [state, REQUEST_STATE_LABELS[state]] as const)]}
      />
      <ChoiceFilter
        id="aanvragen-soort"
        size="small"
        label="Soort"
        value={address.kind ?? ''}
        onChange={(value) => address.setFilter('kind', value)}
        choices={KIND_CHOICES}
      />
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <SearchField label="Zoeken" size="small" value={term} onChange={setTerm} />
        <Button type="submit" variant="outlined">
          Zoeken
        </Button>
      </Stack>
    </Stack>
  );
}

/** /aanvragen: the company's requests, newest first, a page at a time (docs/requests.md). */
export function RequestsScreen() {
  const mayRequest = usePermission('REQUEST_CHANGES');
  const { isSuccess: policiesLoaded } = useGetPoliciesQuery();
  const address = useListAddress();
  const { state, kind, q, page } = address;
  const { data, isFetching, isError } = useGetRequestsQuery(
    { ...(state && { state }), ...(kind && { kind }), ...(q && { q }), offset: (page - 1) * REQUESTS_PAGE_SIZE, limit: REQUESTS_PAGE_SIZE },
    { skip: !mayRequest },
  );

  if (policiesLoaded && !mayRequest) {
    return (
      <>
        <ScreenTitle>Aanvragen</ScreenTitle>
        <Typography>Je hebt geen toestemming om aanvragen te bekijken.</Typography>
      </>
    );
  }

  const filtered = state !== undefined || kind !== undefined || q !== '';
  const pagination = data && (data.total > REQUESTS_PAGE_SIZE || page > 1) && (
    <DataTablePagination count={data.total} page={page - 1} onPageChange={(zeroBased) => address.setPage(zeroBased + 1)} rowsPerPage={REQUESTS_PAGE_SIZE} />
  );

  return (
    <>
      <ScreenTitle>Aanvragen</ScreenTitle>
      <Section id={HEADING_ID} title="Aanvragen van je bedrijf">
        <Filters key={q} address={address} />
        <TableStates
          isLoading={!data && isFetching}
          isError={!data || isError}
          errorText="De aanvragen konden niet worden geladen. Probeer het later opnieuw."
          isEmpty={data?.total === 0}
          emptyText={filtered ? 'Er zijn geen aanvragen die hierbij passen.' : 'Er zijn nog geen aanvragen. Je vraagt iets aan op de pagina van een afname.'}
        >
          {data && <DataTable labelledBy={HEADING_ID} columns={columns} rows={data.items} rowKey={(request) => request.id} busy={isFetching} footer={pagination} />}
        </TableStates>
      </Section>
    </>
  );
}
