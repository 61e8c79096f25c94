import { Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { useAppDispatch } from '../../base/hooks';
import { logout } from '../../base/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { type AccountSession, useEndAllSessionsMutation, useEndSessionMutation, useGetAccountSessionsQuery } from './accountApi';

const TITLE_ID = 'account-sessies';
export const LOGOUT_EVERYWHERE = 'Uitloggen op alle apparaten';

/** Logs out one other device; this one is logged out with 'Uitloggen' in the header. */
function EndSessionButton({ session }: { session: AccountSession }) {
  const [endSession, { isLoading }] = useEndSessionMutation();
  if (session.current) return null;
  return (
    <Button
      size="small"
      onClick={() => endSession(session.id)}
      disabled={isLoading}
      aria-label={`Uitloggen op ${session.device}, laatst gebruikt ${formatDateTime(session.last_used_at)}`}
    >
      Uitloggen
    </Button>
  );
}

const COLUMNS: DataColumn<AccountSession>[] = [
  {
    header: 'Apparaat',
    cell: (session) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{session.device}</span>
        {session.current && <Chip size="small" color="primary" label="Dit apparaat" />}
      </Stack>
    ),
  },
  { header: 'Laatst gebruikt', cell: (session) => formatDateTime(session.last_used_at) },
  { header: 'Ingelogd op', cell: (session) => formatDateTime(session.created_at) },
  { header: 'Actie', cell: (session) => <EndSessionButton session={session} /> },
];

/** 'Sessies': where the user is logged in, and 'Uitloggen op alle apparaten' (this one too). */
export function SessionsSection() {
  const dispatch = useAppDispatch();
  const { data: sessions = [], isLoading, isError } = useGetAccountSessionsQuery();
  const [endAllSessions, { isLoading: ending }] = useEndAllSessionsMutation();
  const [confirming, setConfirming] = useState(false);

  const endEverywhere = async () => {
    const ended = await endAllSessions().then((result) => !('error' in result));
    setConfirming(false);
    // This session has ended with the others: the login screen follows.
    if (ended) await dispatch(logout());
  };

  return (
    <Section
      id={TITLE_ID}
      title="Sessies"
      action={
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          {LOGOUT_EVERYWHERE}
        </Button>
      }
    >
      <Typography sx={{ mb: 2 }}>
        Hier ben je ingelogd. Een sessie eindigt na 12 uur, of na een uur waarin het apparaat het portaal niet gebruikt.
      </Typography>
      <TableStates isLoading={isLoading} isError={isError} errorText="De sessies konden niet worden geladen. Probeer het later opnieuw.">
        <DataTable labelledBy={TITLE_ID} columns={COLUMNS} rows={sessions} rowKey={(session) => session.id} />
      </TableStates>
      {confirming && (
        <ConfirmDialog
          title={`${LOGOUT_EVERYWHERE}?`}
          text="Je wordt op al je apparaten uitgelogd, ook hier. Daarna log je opnieuw in."
          confirmLabel={LOGOUT_EVERYWHERE}
          busy={ending}
          onConfirm={endEverywhere}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Section>
  );
}
