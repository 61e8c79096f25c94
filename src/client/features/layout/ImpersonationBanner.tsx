import { Alert, Link } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect } from 'react';
import { formatDateTime } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { useGetCompanyQuery } from '../../api/currentUserApi';
import {
  selectActingCompanyId,
  selectImpersonationEndsAt,
  selectImpersonationLapsed,
  selectIsImpersonating,
} from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { useImpersonation } from '../../base/useImpersonation';

/** Named while the managed company's name cannot be loaded; the way back must stay. */
const UNNAMED_COMPANY = 'een ander bedrijf';

/**
 * While acting for another company: its name (a placeholder when it cannot be loaded), or
 * undefined while it loads; null when the user acts for its own company.
 */
export const useManagedCompanyName = (): string | null | undefined => {
  const impersonating = useAppSelector(selectIsImpersonating);
  const actingCompanyId = useAppSelector(selectActingCompanyId);
  const { data: company, isLoading } = useGetCompanyQuery(impersonating && actingCompanyId !== null ? actingCompanyId : skipToken);
  if (!impersonating) return null;
  if (!company && isLoading) return undefined;
  return company?.name ?? UNNAMED_COMPANY;
};

/** Calls `onOver` once the epoch second `endsAt` has passed: by a timer, and when the tab wakes (a sleeping tab's timers run late). */
const useWhenPassed = (endsAt: number | null, onOver: () => void) => {
  useEffect(() => {
    if (endsAt === null) return undefined;
    const check = () => {
      if (Date.now() >= endsAt * 1000) onOver();
    };
    const timer = setTimeout(check, Math.max(0, endsAt * 1000 - Date.now()));
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [endsAt, onOver]);
};

/**
 * docs/permissions.md, 'Managing a company': managing ends by itself after an hour. When the hour has passed, or the server has
 * refused the managing token, the user goes back to its own company with a toast naming the
 * managed one (once its name is known: a refused token cannot load it, and then the placeholder does).
 */
const useImpersonationEnd = (managed: string | null | undefined, endsAt: number | null, endLapsedImpersonation: (companyName: string) => void) => {
  const lapsed = useAppSelector(selectImpersonationLapsed);
  const named = managed ?? null;
  const end = useCallback(() => {
    if (named !== null) endLapsedImpersonation(named);
  }, [named, endLapsedImpersonation]);
  useWhenPassed(endsAt, end);
  useEffect(() => {
    if (lapsed) end();
  }, [lapsed, end]);
};

/** HH:mm of an epoch-seconds instant in the business zone. */
const clockTime = (epochSeconds: number) => formatDateTime(epochSeconds).slice(-5);

type ToolbarStyle = { [key: string]: number | string | ToolbarStyle | undefined };

/** Right below the fixed header: `top` is the toolbar's height at each width and orientation. */
const belowHeader = (toolbar: ToolbarStyle): ToolbarStyle =>
  Object.fromEntries(
    Object.entries(toolbar).map(([key, value]) =>
      key === 'minHeight' ? ['top', value] : [key, typeof value === 'object' ? belowHeader(value) : value],
    ),
  );

/**
 * docs/screens.md, 'Layout': 'Je beheert nu {company}. Stop met beheren.' while acting for a company, with
 * the time the managing ends by itself. It stays in view below the header (sticky) in
 * the warning colour: every change made now is the managed company's.
 */
export function ImpersonationBanner() {
  const managed = useManagedCompanyName();
  const endsAt = useAppSelector(selectImpersonationEndsAt);
  const { stopImpersonation, endLapsedImpersonation } = useImpersonation();
  useImpersonationEnd(managed, endsAt, endLapsedImpersonation);

  // Nothing until the name is known, so the banner never shows a placeholder first.
  if (!managed) return null;
  // Company names often end in 'B.V.': no second full stop after them.
  const text = endsAt === null ? MSG.impersonationPrefix(managed).replace(/\.\.$/, '.') : MSG.impersonationUntil(managed, clockTime(endsAt));
  return (
    <Alert
      severity="warning"
      role="status"
      sx={(theme) => ({
        mb: 3,
        position: 'sticky',
        zIndex: theme.zIndex.appBar,
        boxShadow: theme.shadows[2],
        ...belowHeader(theme.mixins.toolbar as ToolbarStyle),
      })}
    >
      {text}{' '}
      <Link component="button" onClick={() => stopImpersonation()} sx={{ verticalAlign: 'baseline', fontWeight: 600 }}>
        {MSG.impersonationStop}
      </Link>
    </Alert>
  );
}
