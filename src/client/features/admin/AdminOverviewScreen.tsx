import { Box, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePermission } from '../../api/currentUserApi';
import { ScreenTitle } from '../../components/ScreenTitle';
import { ADMIN_TABS, type AdminTab } from '../../base/paths';
import { TAB_LABELS } from './adminPaths';
import { ArticleGroupsTab } from './ArticleGroupsTab';
import { BillingExportTab } from './BillingExportTab';
import { CompaniesTab } from './CompaniesTab';
import { ParentCompaniesTab } from './ParentCompaniesTab';
import { UsageImportTab } from './UsageImportTab';

const PANELS: Record<AdminTab, () => ReactNode> = {
  hoofdbedrijven: () => <ParentCompaniesTab />,
  bedrijven: () => <CompaniesTab />,
  artikelgroepen: () => <ArticleGroupsTab />,
  'verbruik-importeren': () => <UsageImportTab />,
  'facturatie-export': () => <BillingExportTab />,
};

const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
const panelId = (tab: AdminTab) => `admin-paneel-${tab}`;

/** The open tab: the query string's, when it names one the user may see. */
const useOpenTab = (tabs: readonly AdminTab[]) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab') as AdminTab | null;
  const open = asked && tabs.includes(asked) ? asked : tabs[0];
  const setOpen = (tab: AdminTab) => setSearchParams({ tab }, { replace: true });
  return [open, setOpen] as const;
};

/** /mer-admin: parent companies, companies, article groups, usage import and billing export. */
export function AdminOverviewScreen() {
  const mayUploadUsage = usePermission('UPLOAD_CDR');
  const tabs = ADMIN_TABS.filter((tab) => tab !== 'verbruik-importeren' || mayUploadUsage);
  const [open, setOpen] = useOpenTab(tabs);

  return (
    <>
      <ScreenTitle>Admin</ScreenTitle>
      <Tabs
        value={open}
        onChange={(_event, tab: AdminTab) => setOpen(tab)}
        aria-label="Onderdelen van de beheeromgeving"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={TAB_LABELS[tab]}
            id={tabId(tab)}
            aria-controls={tab === open ? panelId(tab) : undefined}
            sx={{ textTransform: 'none', fontWeight: 600 }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(open)} aria-labelledby={tabId(open)}>
        {PANELS[open]()}
      </Box>
    </>
  );
}
