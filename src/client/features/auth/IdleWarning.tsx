import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { MSG } from '../../../domain/messages';
import { sessionEnded } from '../../base/authSlice';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { formatCountdown, idlePhase, ownTokenReceivedAt, secondsLeftBeforeIdleEnd } from '../../base/idle';
import { keepSessionAlive, logout } from '../../base/session';

/** What the user does with the page: input near the end of the idle hour renews the session. */
const INPUT_EVENTS = ['keydown', 'pointerdown'] as const;

/**
 * docs/screens.md, 'Logging in and out': the server ends a session an hour after its last refresh.
 * Calls renew the token in its last 10 minutes, and so does user input (typing into a long form is
 * not being away); 5 minutes before the end a dialog asks, and at the end the session has ended
 * (the dialog 'Je sessie is verlopen' follows). The clock starts when this browser got the token
 * (base/idle.ts' noteOwnToken), so a clock that differs from the server's does not matter.
 */
export function IdleWarning() {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const ownToken = useAppSelector((state) => state.auth.originalToken ?? state.auth.token);
  const [renewal, setRenewal] = useState(() => ({ token: ownToken, at: ownTokenReceivedAt(ownToken) }));
  if (renewal.token !== ownToken) setRenewal({ token: ownToken, at: ownTokenReceivedAt(ownToken) });
  const [now, setNow] = useState(Date.now);
  const secondsSinceRenewal = (now - renewal.at) / 1000;
  const phase = idlePhase(secondsSinceRenewal);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  useEffect(() => {
    if (phase !== 'renewable') return;
    const renew = () => void dispatch(keepSessionAlive());
    for (const type of INPUT_EVENTS) document.addEventListener(type, renew, { capture: true, once: true });
    return () => {
      for (const type of INPUT_EVENTS) document.removeEventListener(type, renew, { capture: true });
    };
  }, [phase, dispatch]);

  useEffect(() => {
    if (phase === 'ended') dispatch(sessionEnded());
  }, [phase, dispatch]);

  if (phase !== 'warning') return null;
  return (
    <Dialog open role="alertdialog" aria-labelledby={titleId} aria-describedby={`${titleId}-tekst`}>
      <DialogTitle id={titleId}>{MSG.idleWarningTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${titleId}-tekst`}>
          Je bent een tijd niet actief geweest. Nog {formatCountdown(secondsLeftBeforeIdleEnd(secondsSinceRenewal))}; wat je hebt ingevuld blijft
          staan als je ingelogd blijft.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void dispatch(logout())}>Uitloggen</Button>
        <Button variant="contained" autoFocus onClick={() => void dispatch(keepSessionAlive())}>
          Ingelogd blijven
        </Button>
      </DialogActions>
    </Dialog>
  );
}
