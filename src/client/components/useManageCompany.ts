import { selectClaims } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';
import { useImpersonation } from '../base/useImpersonation';

/**
 * 'Beheren' (spec section 4): acts for the company, or, for the user's own company while
 * managing another one, stops managing (its own token is still there).
 */
export const useManageCompany = () => {
  const { startImpersonation, stopImpersonation } = useImpersonation();
  const ownCompanyId = useAppSelector(selectClaims)?.impersonate ?? null;
  return (companyId: number) => (companyId === ownCompanyId ? stopImpersonation() : void startImpersonation(companyId));
};
