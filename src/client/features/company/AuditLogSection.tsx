import { TextField, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../domain/format';
import { compareNames } from '../../../domain/names';
import { type DataColumn, DataTable, DataTablePagination } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { actionText, ENTITIES, impersonationText, subjectText, userText } from './auditLogText';
import { type AuditLogEntry, useGetAuditLogQuery } from './companyApi';

const HEADING_ID = 'wijzigingslog-titel';
/** Contract: the server answers 50 entries a page. */
export const AUDIT_LOG_PAGE_SIZE = 50;

/** Who made the change; while managing the company also why, and from when until when. */
function UserCell({ entry }: { entry: AuditLogEntry }) {
  const who = userText(entry);
  if (!entry.impersonation) return who;
  return (
    <>
      {who}
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {impersonationText(entry.impersonation)}
      </Typography>
    </>
  );
}

const columns: DataColumn<AuditLogEntry>[] = [
  { header: 'Datum/tijd', sx: { whiteSpace: 'nowrap' }, cell: (entry) => formatDateTime(entry.created_at) },
  { header: 'Gebruiker', cell: (entry) => <UserCell entry={entry} /> },
  { header: 'Actie', cell: (entry) => actionText(entry.action, entry.changes) },
  { header: 'Onderdeel', cell: subjectText },
];

/** The query string's names of the log's filter and page, so a reload or a shared link keeps them. */
const KIND_PARAM = 'logsoort';
const PAGE_PARAM = 'logpagina';

/** The kinds of object a company's changes are about, by name (usage imports are the provider's own). */
const KINDS = Object.entries(ENTITIES)
  .filter(([entity]) => entity !== 'usage')
  .sort(([, a], [, b]) => compareNames(a, b));

/** The kind and page the address names; an unknown kind or a page that is no number means all, page 1. */
const useLogAddress = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(KIND_PARAM);
  const entity = asked !== null && asked in ENTITIES ? asked : undefined;
  const pageAsked = Number(searchParams.get(PAGE_PARAM));
  const page = Number.isSafeInteger(pageAsked) && pageAsked > 1 ? pageAsked : 1;
  const update = (changes: Record<string, string | null>) =>
    setSearchParams(
      (params) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) params.delete(name);
          else params.set(name, value);
        }
        return params;
      },
      { replace: true },
    );
  return {
    entity,
    page,
    setEntity: (next: string) => update({ [KIND_PARAM]: next || null, [PAGE_PARAM]: null }),
    setPage: (next: number) => update({ [PAGE_PARAM]: next > 1 ? String(next) : null }),
  };
};

/** 'Wijzigingslog': who changed what for the company, newest first, a page at a time, of one kind or all. */
export function AuditLogSection({ companyId }: { companyId: number }) {
  const { entity, page, setEntity, setPage } = useLogAddress();
  const { data, isFetching, isError } = useGetAuditLogQuery({ companyId, page, entity });

  const pagination = data && (data.total > AUDIT_LOG_PAGE_SIZE || page > 1) && (
    <DataTablePagination count={data.total} page={page - 1} onPageChange={(zeroBased) => setPage(zeroBased + 1)} rowsPerPage={AUDIT_LOG_PAGE_SIZE} />
  );

  return (
    <Section
      id={HEADING_ID}
      title="Wijzigingslog"
      action={
        <TextField
          select
          id="wijzigingslog-soort"
          size="small"
          label="Soort"
          value={entity ?? ''}
          onChange={(event) => setEntity(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">Alle wijzigingen</option>
          {KINDS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
      }
    >
      <TableStates
        isLoading={!data && isFetching}
        isError={!data || isError}
        errorText="Het wijzigingslog kon niet worden geladen. Probeer het later opnieuw."
        isEmpty={data?.total === 0}
        emptyText={entity ? 'Er zijn geen wijzigingen van deze soort vastgelegd.' : 'Er zijn nog geen wijzigingen vastgelegd.'}
      >
        {data && (
          <DataTable labelledBy={HEADING_ID} columns={columns} rows={data.items} rowKey={(entry) => entry.id} busy={isFetching} footer={pagination} />
        )}
      </TableStates>
    </Section>
  );
}
