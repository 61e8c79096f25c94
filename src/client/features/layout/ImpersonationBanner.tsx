import { Alert, Link } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MSG } from '../../../domain/messages';
import { useGetCompanyQuery } from '../../api/accountApi';
import { selectActingCompanyId, selectIsImpersonating } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { useImpersonation } from '../../base/useImpersonation';

/** Named while the managed company's name cannot be loaded; the way back must stay. */
const UNNAMED_COMPANY = 'een ander bedrijf';

/** Spec section 2: 'Je beheert nu {company}. Stop met beheren.' while acting for a company. */
export function ImpersonationBanner() {
  const impersonating = useAppSelector(selectIsImpersonating);
  const actingCompanyId = useAppSelector(selectActingCompanyId);
  const { data: company, isLoading } = useGetCompanyQuery(impersonating && actingCompanyId !== null ? actingCompanyId : skipToken);
  const { stopImpersonation } = useImpersonation();

  // Nothing until the name is known, so the banner never shows a placeholder first.
  if (!impersonating || (!company && isLoading)) return null;
  // Company names often end in 'B.V.': no second full stop after them.
  const text = MSG.impersonationPrefix(company?.name ?? UNNAMED_COMPANY).replace(/\.\.$/, '.');
  return (
    <Alert severity="info" role="status" sx={{ mb: 3 }}>
      {text}{' '}
      <Link component="button" onClick={stopImpersonation} sx={{ verticalAlign: 'baseline', fontWeight: 600 }}>
        {MSG.impersonationStop}
      </Link>
    </Alert>
  );
}
