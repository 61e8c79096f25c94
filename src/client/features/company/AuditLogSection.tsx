import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { PageLoading } from '../../components/PageLoading';
import { actionText, subjectText, userText } from './auditLogText';
import { useGetAuditLogQuery } from './companyApi';
import { Section } from './Section';

const HEADING_ID = 'wijzigingslog-titel';
const HEAD = { fontWeight: 600 } as const;
/** Contract: the server answers 50 entries a page. */
export const AUDIT_LOG_PAGE_SIZE = 50;

const pageLabel = (type: 'first' | 'last' | 'next' | 'previous') =>
  ({ first: 'Ga naar de eerste pagina', last: 'Ga naar de laatste pagina', next: 'Ga naar de volgende pagina', previous: 'Ga naar de vorige pagina' })[type];

/** 'Wijzigingslog': who changed what for the company, newest first, a page at a time. */
export function AuditLogSection({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useGetAuditLogQuery({ companyId, page });

  const body = () => {
    if (!data && isFetching) return <PageLoading />;
    if (!data || isError) return <Typography>Het wijzigingslog kon niet worden geladen. Probeer het later opnieuw.</Typography>;
    if (data.total === 0) return <Typography>Er zijn nog geen wijzigingen vastgelegd.</Typography>;
    return (
      <TableContainer component={Paper} variant="outlined" aria-busy={isFetching}>
        <Table size="small" aria-labelledby={HEADING_ID}>
          <TableHead>
            <TableRow>
              <TableCell sx={HEAD}>Datum/tijd</TableCell>
              <TableCell sx={HEAD}>Gebruiker</TableCell>
              <TableCell sx={HEAD}>Actie</TableCell>
              <TableCell sx={HEAD}>Onderdeel</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
                <TableCell>{userText(entry)}</TableCell>
                <TableCell>{actionText(entry.action, entry.changes)}</TableCell>
                <TableCell>{subjectText(entry)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.total > AUDIT_LOG_PAGE_SIZE && (
          <TablePagination
            component="div"
            count={data.total}
            page={page - 1}
            onPageChange={(_event, zeroBased) => setPage(zeroBased + 1)}
            rowsPerPage={AUDIT_LOG_PAGE_SIZE}
            rowsPerPageOptions={[]}
            labelDisplayedRows={({ from, to, count }) => `${from}-${to} van ${count}`}
            getItemAriaLabel={pageLabel}
            showFirstButton
            showLastButton
          />
        )}
      </TableContainer>
    );
  };

  return (
    <Section id={HEADING_ID} title="Wijzigingslog">
      {body()}
    </Section>
  );
}
