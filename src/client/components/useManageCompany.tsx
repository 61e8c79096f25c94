import { lazy, type ReactElement, Suspense, useState } from 'react';
import { selectClaims } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';
import { useImpersonation } from '../base/useImpersonation';
import type { ManagedCompany } from './ManageCompanyDialog';

/**
 * The dialog loads when 'Beheren' is first chosen: the screens that offer it (Mijn bedrijf's
 * branches, the companies list) render without its form and dialog code.
 */
const ManageCompanyDialog = lazy(() =>
  import(/* webpackChunkName: "manage-company-dialog" */ './ManageCompanyDialog').then((module) => ({ default: module.ManageCompanyDialog })),
);

interface ManageRequest {
  company: ManagedCompany;
  /** Where the user lands once managing; the dashboard by default. */
  destination?: string;
}

/**
 * 'Beheren' (docs/permissions.md, 'Managing a company'): asks the reason in the 'Bedrijf beheren' dialog, then
 * acts for the company; for the user's own company while managing another one, stops managing
 * (its own token is still there). The caller renders `dialog`.
 */
export const useManageCompany = (): { manage: (company: ManagedCompany, destination?: string) => void; dialog: ReactElement | null } => {
  const { startImpersonation, stopImpersonation } = useImpersonation();
  const ownCompanyId = useAppSelector(selectClaims)?.impersonate ?? null;
  const [asked, setAsked] = useState<ManageRequest | null>(null);

  const manage = (company: ManagedCompany, destination?: string) =>
    company.id === ownCompanyId ? stopImpersonation(destination) : setAsked({ company, destination });

  const dialog = asked && (
    <Suspense fallback={null}>
      <ManageCompanyDialog
        company={asked.company}
        onManage={(reason) => startImpersonation(asked.company.id, reason, asked.destination)}
        onClose={() => setAsked(null)}
      />
    </Suspense>
  );
  return { manage, dialog };
};
