import { Alert, Link } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MSG } from '../../../domain/messages';
import { useGetCompanyQuery } from '../../api/accountApi';
import { selectActingCompanyId, selectIsImpersonating } from '../../base/authSlice';
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

type ToolbarStyle = { [key: string]: number | string | ToolbarStyle | undefined };

/** Right below the fixed header: `top` is the toolbar's height at each width and orientation. */
const belowHeader = (toolbar: ToolbarStyle): ToolbarStyle =>
  Object.fromEntries(
    Object.entries(toolbar).map(([key, value]) =>
      key === 'minHeight' ? ['top', value] : [key, typeof value === 'object' ? belowHeader(value) : value],
    ),
  );

/**
 * Spec section 2: 'Je beheert nu {company}. Stop met beheren.' while acting for a company. It
 * stays in view below the header (sticky) in the warning colour: every change made now is the
 * managed company's.
 */
export function ImpersonationBanner() {
  const managed = useManagedCompanyName();
  const { stopImpersonation } = useImpersonation();

  // Nothing until the name is known, so the banner never shows a placeholder first.
  if (!managed) return null;
  // Company names often end in 'B.V.': no second full stop after them.
  const text = MSG.impersonationPrefix(managed).replace(/\.\.$/, '.');
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
      <Link component="button" onClick={stopImpersonation} sx={{ verticalAlign: 'baseline', fontWeight: 600 }}>
        {MSG.impersonationStop}
      </Link>
    </Alert>
  );
}
