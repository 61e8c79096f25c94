import { Checkbox, FormControlLabel, Typography } from '@mui/material';
import { type Company, useGetTwoFactorQuery } from '../../api/currentUserApi';
import { Section } from '../../components/Section';
import { useEditTwoFactorRequirementMutation } from './twoFactorRequirementApi';

/** 'Beveiliging' on Mijn bedrijf: whoever manages the users may require two-factor login of them all. */
export function TwoFactorRequirementSection({ company }: { company: Company }) {
  const [edit, { isLoading }] = useEditTwoFactorRequirementMutation();
  // Only who has it on for the own account may require it of the others (the server refuses it too).
  const { data: own } = useGetTwoFactorQuery();
  const mayRequire = company.require_two_factor || own?.enabled === true;
  return (
    <Section id="beveiliging-titel" title="Beveiliging">
      <FormControlLabel
        control={
          <Checkbox
            checked={company.require_two_factor}
            disabled={isLoading || !mayRequire}
            slotProps={{ input: { 'aria-describedby': 'beveiliging-uitleg' } }}
            onChange={(event) => void edit({ id: company.id, require_two_factor: event.target.checked })}
          />
        }
        label="Tweestapsverificatie verplicht voor alle gebruikers"
      />
      <Typography id="beveiliging-uitleg" variant="body2" sx={{ color: 'text.secondary' }}>
        {mayRequire
          ? 'Gebruikers zonder tweestapsverificatie worden uitgelogd en stellen die bij het inloggen eerst in.'
          : 'Zet eerst tweestapsverificatie aan voor je eigen account (Mijn account); daarna kun je die voor alle gebruikers verplicht maken.'}
      </Typography>
    </Section>
  );
}
