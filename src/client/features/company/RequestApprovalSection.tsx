import { FormControlLabel, Switch, Typography } from '@mui/material';
import { usePermission } from '../../api/currentUserApi';
import { useEditRequestSettingsMutation, useGetRequestSettingsQuery } from '../../api/requestsApi';
import { Section } from '../../components/Section';

/**
 * 'Aanvragen' on Mijn bedrijf (docs/requests.md, 'Approval'): whether a request of a user without
 * APPROVE_REQUESTS waits for a colleague's approval. Who has APPROVE_REQUESTS may change it; others see it.
 */
export function RequestApprovalSection() {
  const mayRequest = usePermission('REQUEST_CHANGES');
  const mayApprove = usePermission('APPROVE_REQUESTS');
  const { data } = useGetRequestSettingsQuery(undefined, { skip: !mayRequest && !mayApprove });
  const [edit, { isLoading }] = useEditRequestSettingsMutation();
  if (!data) return null;
  return (
    <Section id="aanvragen-instelling-titel" title="Aanvragen">
      <FormControlLabel
        control={
          <Switch
            checked={data.approval_required}
            disabled={!mayApprove || isLoading}
            slotProps={{ input: { 'aria-describedby': 'aanvragen-instelling-uitleg' } }}
            onChange={(event) => void edit({ approval_required: event.target.checked })}
          />
        }
        label="Aanvragen vereisen goedkeuring"
      />
      <Typography id="aanvragen-instelling-uitleg" variant="body2" sx={{ color: 'text.secondary' }}>
        {mayApprove
          ? 'Aan: een aanvraag van een collega zonder goedkeuringsrecht wacht op jouw goedkeuring of die van een andere goedkeurder. Een blokkade wacht nooit.'
          : 'Alleen wie aanvragen mag goedkeuren, kan dit wijzigen.'}
      </Typography>
    </Section>
  );
}
