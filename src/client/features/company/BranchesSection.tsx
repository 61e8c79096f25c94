import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type Company, type CompanyRef, usePermission } from '../../api/currentUserApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { Section } from '../../components/Section';
import { useManageCompany } from '../../components/useManageCompany';
import { companyPaths } from './companyPaths';
import { useRemoveBranchMutation } from './companyApi';

const HEADING_ID = 'hoofdbedrijf-titel';

interface RemoveBranchDialogProps {
  parent: CompanyRef;
  branch: CompanyRef;
  onClose: () => void;
}

/** Asks before a branch leaves the parent company; the outcome is a toast (docs/screens.md, 'Branches'). */
function RemoveBranchDialog({ parent, branch, onClose }: RemoveBranchDialogProps) {
  const [removeBranch, { isLoading }] = useRemoveBranchMutation();

  const confirm = async () => {
    await removeBranch({ parentCompanyId: parent.id, companyId: branch.id })
      .unwrap()
      .catch(() => undefined);
    onClose();
  };

  return (
    <ConfirmDialog
      title="Vestiging verwijderen"
      text={`Weet je zeker dat je '${branch.name}' wilt verwijderen uit hoofdbedrijf '${parent.name}'?`}
      confirmLabel="Verwijderen"
      busy={isLoading}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

/**
 * The parent company with its branches (docs/screens.md, 'Branches'). With EDIT_PARENT_COMPANY a branch can be
 * added, managed by impersonation (not the acting company itself) or removed.
 */
export function BranchesSection({ company }: { company: Company }) {
  const mayEdit = usePermission('EDIT_PARENT_COMPANY');
  const { manage, dialog: manageDialog } = useManageCompany();
  const [removing, setRemoving] = useState<CompanyRef | null>(null);
  const parent = company.parent_company;

  const columns: DataColumn<CompanyRef>[] = [
    { header: 'Vestiging', cell: (branch) => (branch.id === company.id ? `${branch.name} (dit bedrijf)` : branch.name) },
  ];
  if (mayEdit) {
    columns.push({
      header: 'Acties',
      cell: (branch) => (
        <Stack direction="row" spacing={1}>
          {branch.id !== company.id && (
            <Button size="small" variant="outlined" onClick={() => manage(branch)} aria-label={`${branch.name} beheren`}>
              Beheren
            </Button>
          )}
          <Button size="small" color="error" onClick={() => setRemoving(branch)} aria-label={`${branch.name} verwijderen`}>
            Verwijderen
          </Button>
        </Stack>
      ),
    });
  }

  const addButton = mayEdit && parent && (
    <Button component={RouterLink} to={companyPaths.addBranch()} variant="contained" startIcon={<AddIcon />}>
      Vestiging toevoegen
    </Button>
  );

  return (
    <Section id={HEADING_ID} title="Hoofdbedrijf en vestigingen" action={addButton}>
      {!parent ? (
        <Typography>Dit bedrijf hoort niet bij een hoofdbedrijf.</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1.5 }}>
            Hoofdbedrijf: <strong>{parent.name}</strong>
          </Typography>
          <DataTable labelledBy={HEADING_ID} columns={columns} rows={parent.companies} rowKey={(branch) => branch.id} />
        </>
      )}
      {parent && removing && <RemoveBranchDialog parent={parent} branch={removing} onClose={() => setRemoving(null)} />}
      {manageDialog}
    </Section>
  );
}
