import { SESSION_IDLE_SECONDS, TOKEN_REFRESH_WINDOW_SECONDS } from '../../domain/messages';

/** docs/screens.md, 'Logging in and out': the warning shows this long before the session would end. */
export const IDLE_WARNING_SECONDS = 5 * 60;

/**
 * Where a session stands on the server's idle clock, `secondsSinceRenewal` after its token was last
 * renewed (the server ends it SESSION_IDLE_SECONDS after its last refresh):
 * - 'fresh': nothing to do;
 * - 'renewable': the token is within its renewal window, so user input renews it (the user is there);
 * - 'warning': the last minutes, the dialog 'Je wordt over 5 minuten uitgelogd' asks;
 * - 'ended': the server has ended the session.
 */
export type IdlePhase = 'fresh' | 'renewable' | 'warning' | 'ended';

export const idlePhase = (secondsSinceRenewal: number): IdlePhase => {
  const left = secondsLeftBeforeIdleEnd(secondsSinceRenewal);
  if (left <= 0) return 'ended';
  if (left <= IDLE_WARNING_SECONDS) return 'warning';
  if (left <= TOKEN_REFRESH_WINDOW_SECONDS) return 'renewable';
  return 'fresh';
};

/** The seconds until the server ends the session for idleness (never below 0). */
export const secondsLeftBeforeIdleEnd = (secondsSinceRenewal: number): number => Math.max(0, SESSION_IDLE_SECONDS - secondsSinceRenewal);

/** The user's own token and when this browser got it: the idle clock's start. */
let ownToken: { token: string | null; at: number } = { token: null, at: 0 };

/**
 * Notes a change of the user's own token (the store calls it on every change, app/store.ts), so
 * the idle clock starts when the token came, also when the warning's code loads later.
 */
export const noteOwnToken = (token: string | null): void => {
  if (token !== ownToken.token) ownToken = { token, at: Date.now() };
};

/** When this browser got `token`; now for a token it has not noted. */
export const ownTokenReceivedAt = (token: string | null): number => (token !== null && token === ownToken.token ? ownToken.at : Date.now());

/** The countdown of the warning: '4:05'. */
export const formatCountdown = (seconds: number): string => {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
