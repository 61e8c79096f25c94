import { renderWithProviders } from '../../test/renderWithProviders';
import { screen } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { json } from '../../test/http';
import { mockPortal } from '../../test/portalServer';

const anonymous = { auth: { status: 'anonymous' as const, token: null, originalToken: null } };

describe('ForgotPasswordScreen', () => {
  it('requires the e-mail address', async () => {
    const requests = mockPortal();
    const { user } = renderWithProviders('/forgot-password', { preloadedState: anonymous });

    await user.click(await screen.findByRole('button', { name: 'Verstuur link' }));

    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/auth/reset/request')).toHaveLength(0);
  });

  it('confirms where the link was sent', async () => {
    const requests = mockPortal({ 'POST /api/auth/reset/request': () => json(200, { message: 'ok' }) });
    const { user } = renderWithProviders('/forgot-password', { preloadedState: anonymous });

    await user.type(await screen.findByLabelText(/^E-mailadres/), 'klant@demo.nl');
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));

    expect(await screen.findByText(MSG.forgotSuccess('klant@demo.nl'))).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/auth/reset/request')?.body).toEqual({ email: 'klant@demo.nl' });
  });

  it('reports a failed request', async () => {
    mockPortal({ 'POST /api/auth/reset/request': () => json(429, { message: 'Te veel pogingen.' }) });
    const { user } = renderWithProviders('/forgot-password', { preloadedState: anonymous });

    await user.type(await screen.findByLabelText(/^E-mailadres/), 'klant@demo.nl');
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));

    expect(await screen.findByText(MSG.forgotFailure)).toBeTruthy();
  });
});
