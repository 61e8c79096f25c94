import { Stack, Typography } from '@mui/material';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useGetAccountQuery } from './accountApi';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/** /mijn-account: the user's own account, also while managing another company. */
export function MyAccountScreen() {
  const { data: account, isLoading } = useGetAccountQuery();

  if (!account) {
    if (isLoading) return <PageLoading />;
    return (
      <>
        <ScreenTitle>Mijn account</ScreenTitle>
        <Typography>Je account kon niet worden geladen. Probeer het later opnieuw.</Typography>
      </>
    );
  }

  return (
    <>
      <ScreenTitle>Mijn account</ScreenTitle>
      <Stack spacing={5}>
        <ProfileSection account={account} />
        <EmailSection account={account} />
        <PasswordSection account={account} />
        <TwoFactorSection />
        <SessionsSection />
      </Stack>
    </>
  );
}
