import { Checkbox, FormControlLabel, Typography } from '@mui/material';
import type { Company } from '../../api/accountApi';
import { Section } from '../../components/Section';
import { useEditTwoFactorRequirementMutation } from './twoFactorRequirementApi';

/** 'Beveiliging' on Mijn bedrijf (issue 21): whoever manages the users may require two-factor login of them all. */
export function TwoFactorRequirementSection({ company }: { company: Company }) {
  const [edit, { isLoading }] = useEditTwoFactorRequirementMutation();
  return (
    <Section id="beveiliging-titel" title="Beveiliging">
      <FormControlLabel
        control={
          <Checkbox
            checked={company.require_two_factor}
            disabled={isLoading}
            onChange={(event) => void edit({ id: company.id, require_two_factor: event.target.checked })}
          />
        }
        label="Tweestapsverificatie verplicht voor alle gebruikers"
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Gebruikers zonder tweestapsverificatie worden uitgelogd en stellen die bij het inloggen eerst in. Zet het eerst aan
        voor je eigen account (Mijn account).
      </Typography>
    </Section>
  );
}
