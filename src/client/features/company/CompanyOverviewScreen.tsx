import { Alert, Box, Stack } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatDate } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { type Company, useGetCompanyQuery, usePermission } from '../../api/currentUserApi';
import { selectActingCompanyId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Section } from '../../components/Section';
import { AlertsSection } from './AlertsSection';
import { AuditLogSection } from './AuditLogSection';
import { BranchesSection } from './BranchesSection';
import { ContactPersonsSection } from './ContactPersonsSection';
import { EndUserImportSection } from './EndUserImportSection';
import { EndUsersSection } from './EndUsersSection';
import { RequestApprovalSection } from './RequestApprovalSection';
import { TwoFactorRequirementSection } from './TwoFactorRequirementSection';

/** Label and value pairs as a description list. */
function Details({ details }: { details: [label: string, value: string | null][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
    >
      {details.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value || '–'}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function CompanyDetails({ company }: { company: Company }) {
  const place = [company.zipcode, company.city].filter(Boolean).join(' ');
  return (
    <Section id="bedrijfsgegevens-titel" title="Bedrijfsgegevens">
      <Details
        details={[
          ['Naam', company.name],
          ['Klantnummer', company.customer_number],
          ['SAP klantnummer', company.sap_number],
          ['Adres', company.address],
          ['Postcode en plaats', place],
          ...(company.end_time === null ? [] : [['Einddatum', formatDate(company.end_time)] as [string, string]]),
        ]}
      />
    </Section>
  );
}

/** /mijn-bedrijf: the acting company, its parent company, contact persons, end users, alerts and log. */
export function CompanyOverviewScreen() {
  const companyId = useAppSelector(selectActingCompanyId);
  const { data: company, isLoading } = useGetCompanyQuery(companyId ?? skipToken);
  const mayImport = usePermission('BULK_IMPORT');
  const mayManageUsers = usePermission('CREATE_USER');

  return (
    <>
      <ScreenTitle>Mijn bedrijf</ScreenTitle>
      {isLoading && <PageLoading />}
      {!isLoading && !company && <Alert severity="warning">{MSG.initialLoadFailed}</Alert>}
      {company && (
        <Stack spacing={5}>
          <CompanyDetails company={company} />
          <BranchesSection company={company} />
          <ContactPersonsSection />
          <EndUsersSection />
          {mayImport && <EndUserImportSection />}
          <AlertsSection />
          {mayManageUsers && <TwoFactorRequirementSection company={company} />}
          <RequestApprovalSection />
          <AuditLogSection companyId={company.id} />
        </Stack>
      )}
    </>
  );
}
