import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Chip, FormLabel, Link, Stack, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useMemo, useState } from 'react';
import Select from 'react-select';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { QUEUE_STATES, REQUEST_KIND_LABELS, REQUEST_KINDS, REQUEST_STATE_LABELS, REQUEST_STATES, type RequestKind, type RequestState } from '../../../domain/requests';
import { usePermission } from '../../api/currentUserApi';
import { selectUserId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { ChoiceFilter } from '../../components/ChoiceFilter';
import { type DataColumn, DataTable, DataTablePagination } from '../../components/DataTable';
import { ScreenTitle } from '../../components/ScreenTitle';
import { SearchField } from '../../components/SearchField';
import { useSelectStyles } from '../../components/selectStyles';
import { TableStates } from '../../components/TableStates';
import {
  type HandlerFilter,
  QUEUE_PAGE,
  type QueueCompany,
  type QueuedRequestSummary,
  type QueueFilter,
  useGetQueueCompaniesQuery,
  useGetRequestQueueQuery,
  usePickUpQueuedRequestMutation,
} from './requestQueueApi';
import { requestQueuePaths } from './requestQueuePaths';
import { afnameText, ageOf, kindText, mayPickUp } from './requestText';
import { useSettledValue } from '../../base/useSettledValue';

const HEADING_ID = 'aanvragen-lijst';
const SEARCH_DELAY_MS = 300;

/** The queue's filters in the address, so that 'back' from a request returns to them. */
const PARAM = { state: 'status', kind: 'soort', company: 'bedrijf', handler: 'behandelaar', q: 'zoek', page: 'pagina' } as const;
const OPEN = 'open';
/** The provider never sees a request that waits for the customer's own approval (docs/requests.md, 'Approval'). */
const STATE_CHOICES = REQUEST_STATES.filter((state) => state !== 'awaiting_approval');
const HANDLER_LABELS: Record<HandlerFilter | '', string> = { '': 'Iedereen', me: 'Van mij', none: 'Niet opgepakt' };

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

const positive = (value: string | null): number | undefined => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined);

const filterOf = (params: URLSearchParams): QueueFilter => ({
  state: oneOf(params.get(PARAM.state), STATE_CHOICES),
  kind: oneOf(params.get(PARAM.kind), REQUEST_KINDS),
  companyId: positive(params.get(PARAM.company)),
  handler: oneOf(params.get(PARAM.handler), ['me', 'none'] as const),
  q: params.get(PARAM.q)?.trim() || undefined,
  page: (positive(params.get(PARAM.page)) ?? 1) - 1,
});

/** The filters as the address keeps them; changing any filter starts at the first page. */
const useQueueFilter = () => {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const update = (changes: Partial<Record<keyof typeof PARAM, string | undefined>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (!('page' in changes)) next.delete(PARAM.page);
        for (const [key, value] of Object.entries(changes)) {
          const name = PARAM[key as keyof typeof PARAM];
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return [filter, update] as const;
};

interface CompanyOption {
  value: number;
  label: string;
}

function CompanyFilter({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const inputId = useId();
  const mayList = usePermission('LIST_COMPANIES');
  const { data: companies, isLoading } = useGetQueueCompaniesQuery(mayList ? undefined : skipToken);
  const options = useMemo(() => (companies ?? []).map((company: QueueCompany) => ({ value: company.id, label: company.name })), [companies]);
  const styles = useSelectStyles<CompanyOption>();
  const chosen = options.find((option) => option.value === value) ?? null;
  if (!mayList) return null;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 240, flex: '1 1 240px' }}>
      <FormLabel htmlFor={inputId} sx={{ color: 'text.primary' }}>
        Bedrijf
      </FormLabel>
      <Select<CompanyOption, false>
        inputId={inputId}
        options={options}
        value={chosen}
        onChange={(option) => onChange(option?.value)}
        isClearable
        isLoading={isLoading}
        placeholder="Alle bedrijven"
        loadingMessage={() => MSG.loading}
        noOptionsMessage={() => 'Geen bedrijven gevonden.'}
        styles={styles}
      />
    </Stack>
  );
}

const KIND_CHOICES = [['', 'Alle soorten'], ...REQUEST_KINDS.map((kind) => [kind, REQUEST_KIND_LABELS[kind]] as const)] as const;

function Filters({ filter, update }: { filter: QueueFilter; update: ReturnType<typeof useQueueFilter>[1] }) {
  const [term, setTerm] = useState(filter.q ?? '');
  const settled = useSettledValue(term.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled !== (filter.q ?? '')) update({ q: settled || undefined });
    // Only a settled search changes the address; the address's own changes do not retrigger it.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-end' }, flexWrap: 'wrap', rowGap: 2 }}>
      <ChoiceFilter
        label="Status"
        value={filter.state ?? OPEN}
        onChange={(value) => update({ state: value === OPEN ? undefined : value })}
        choices={[[OPEN, 'Open'], ...STATE_CHOICES.map((state) => [state, REQUEST_STATE_LABELS[state]] as const)]}
        minWidth={170}
      />
      <ChoiceFilter label="Soort" value={filter.kind ?? ''} onChange={(value) => update({ kind: value || undefined })} choices={KIND_CHOICES} />
      <CompanyFilter value={filter.companyId} onChange={(id) => update({ company: id ? String(id) : undefined })} />
      <ChoiceFilter
        label="Behandelaar"
        value={filter.handler ?? ''}
        onChange={(value) => update({ handler: value || undefined })}
        choices={(Object.keys(HANDLER_LABELS) as (HandlerFilter | '')[]).map((handler) => [handler, HANDLER_LABELS[handler]] as const)}
        minWidth={170}
      />
      <SearchField label="Zoeken" helperText="Nummer, naam, artikel of aanvrager" value={term} onChange={setTerm} sx={{ minWidth: 240 }} />
    </Stack>
  );
}

function PickUpButton({ request }: { request: QueuedRequestSummary }) {
  const [pickUp, { isLoading }] = usePickUpQueuedRequestMutation();
  // A refusal (someone else was first: 409) is reported by the error toasts.
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={isLoading}
      onClick={() => void pickUp(request.id).unwrap().catch(() => undefined)}
      aria-label={`Oppakken: ${kindText(request)}, ${request.company.name}`}
    >
      Oppakken
    </Button>
  );
}

const isBlock = (kind: RequestKind) => kind === 'block';

const stateText = (state: RequestState) => REQUEST_STATE_LABELS[state];

function useColumns(userId: number | null): DataColumn<QueuedRequestSummary>[] {
  const now = Date.now();
  return [
    {
      header: 'Aanvraag',
      cell: (request) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link component={RouterLink} to={requestQueuePaths.request(request.id)} sx={{ fontWeight: 600 }}>
            {kindText(request)}
          </Link>
          {isBlock(request.kind) && <Chip size="small" color="error" label="Spoed" />}
        </Stack>
      ),
    },
    { header: 'Status', cell: (request) => stateText(request.state) },
    { header: 'Bedrijf', cell: (request) => request.company.name },
    { header: 'Afname', cell: afnameText },
    {
      header: 'Wacht',
      cell: (request) =>
        isBlock(request.kind) && QUEUE_STATES.includes(request.state) ? (
          <Typography component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
            {ageOf(request.created_at, now)}
          </Typography>
        ) : (
          ageOf(request.created_at, now)
        ),
    },
    { header: 'Behandelaar', cell: (request) => request.handler?.name ?? 'Niet opgepakt' },
    { header: 'Actie', cell: (request) => (mayPickUp(request, userId) ? <PickUpButton request={request} /> : null) },
  ];
}

/** /mer-aanvragen: the open requests of all companies, blocks first, then the oldest (docs/requests.md, 'The queue'). */
export function RequestQueueScreen() {
  const [filter, update] = useQueueFilter();
  const userId = useAppSelector(selectUserId);
  const { data, isLoading, isError, isFetching } = useGetRequestQueueQuery(filter);
  const columns = useColumns(userId);
  const filtered = Boolean(filter.state || filter.kind || filter.companyId || filter.handler || filter.q);

  return (
    <>
      <ScreenTitle>Aanvragen</ScreenTitle>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button component={RouterLink} to={requestQueuePaths.pukImport()} startIcon={<UploadFileIcon />}>
          PUK-codes importeren
        </Button>
      </Box>
      <Box component="section" aria-labelledby={HEADING_ID}>
        <Typography variant="h2" id={HEADING_ID} sx={{ mb: 2 }}>
          {filter.state ? REQUEST_STATE_LABELS[filter.state] : 'Open aanvragen'}
        </Typography>
        <Filters filter={filter} update={update} />
        <TableStates
          isLoading={isLoading}
          isError={isError}
          errorText="De aanvragen konden niet worden geladen. Probeer het later opnieuw."
          isEmpty={data?.total === 0}
          emptyText={filtered ? 'Geen aanvragen gevonden.' : 'Er zijn geen open aanvragen.'}
        >
          <DataTable
            labelledBy={HEADING_ID}
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(request) => request.id}
            busy={isFetching}
            footer={
              (data?.total ?? 0) > QUEUE_PAGE && (
                <DataTablePagination
                  count={data?.total ?? 0}
                  page={filter.page}
                  onPageChange={(page) => update({ page: page > 0 ? String(page + 1) : undefined })}
                  rowsPerPage={QUEUE_PAGE}
                />
              )
            }
          />
        </TableStates>
      </Box>
    </>
  );
}
