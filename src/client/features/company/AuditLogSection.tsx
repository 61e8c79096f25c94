import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { type DataColumn, DataTable, DataTablePagination } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { actionText, subjectText, userText } from './auditLogText';
import { type AuditLogEntry, useGetAuditLogQuery } from './companyApi';

const HEADING_ID = 'wijzigingslog-titel';
/** Contract: the server answers 50 entries a page. */
export const AUDIT_LOG_PAGE_SIZE = 50;

const columns: DataColumn<AuditLogEntry>[] = [
  { header: 'Datum/tijd', sx: { whiteSpace: 'nowrap' }, cell: (entry) => formatDateTime(entry.created_at) },
  { header: 'Gebruiker', cell: userText },
  { header: 'Actie', cell: (entry) => actionText(entry.action, entry.changes) },
  { header: 'Onderdeel', cell: subjectText },
];

/** 'Wijzigingslog': who changed what for the company, newest first, a page at a time. */
export function AuditLogSection({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useGetAuditLogQuery({ companyId, page });

  const pagination = data && data.total > AUDIT_LOG_PAGE_SIZE && (
    <DataTablePagination count={data.total} page={page - 1} onPageChange={(zeroBased) => setPage(zeroBased + 1)} rowsPerPage={AUDIT_LOG_PAGE_SIZE} />
  );

  return (
    <Section id={HEADING_ID} title="Wijzigingslog">
      <TableStates
        isLoading={!data && isFetching}
        isError={!data || isError}
        errorText="Het wijzigingslog kon niet worden geladen. Probeer het later opnieuw."
        isEmpty={data?.total === 0}
        emptyText="Er zijn nog geen wijzigingen vastgelegd."
      >
        {data && (
          <DataTable labelledBy={HEADING_ID} columns={columns} rows={data.items} rowKey={(entry) => entry.id} busy={isFetching} footer={pagination} />
        )}
      </TableStates>
    </Section>
  );
}
