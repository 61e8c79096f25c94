import { Alert, Link } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MSG } from '../../../domain/messages';
import { useGetCompanyQuery } from '../../api/accountApi';
import { selectActingCompanyId, selectIsImpersonating } from '../../app/authSlice';
import { useAppSelector } from '../../app/hooks';
import { useImpersonation } from '../../app/useImpersonation';

/** Spec section 2: 'Je beheert nu {company}. Stop met beheren.' while acting for a company. */
export function ImpersonationBanner() {
  const impersonating = useAppSelector(selectIsImpersonating);
  const actingCompanyId = useAppSelector(selectActingCompanyId);
  const { data: company } = useGetCompanyQuery(impersonating && actingCompanyId !== null ? actingCompanyId : skipToken);
  const { stopImpersonation } = useImpersonation();

  if (!impersonating) return null;
  // Company names often end in 'B.V.': no second full stop after them.
  const text = MSG.impersonationPrefix(company?.name ?? `bedrijf ${actingCompanyId}`).replace(/\.\.$/, '.');
  return (
    <Alert severity="info" role="status" sx={{ mb: 3 }}>
      {text}{' '}
      <Link component="button" onClick={stopImpersonation} sx={{ verticalAlign: 'baseline', fontWeight: 600 }}>
        {MSG.impersonationStop}
      </Link>
    </Alert>
  );
}
