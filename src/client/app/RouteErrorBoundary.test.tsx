import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('Loading chunk 123 failed');
}

const app = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Link to="/werkt">Naar een werkend scherm</Link>
      <Link to="/kapot?opnieuw=1">Hetzelfde scherm opnieuw</Link>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/kapot" element={<Broken />} />
          <Route path="/werkt" element={<p>Het scherm werkt</p>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );

describe('RouteErrorBoundary', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React and the error screen report the failure; the test expects it.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows the error screen for a screen that fails, and logs the failure', () => {
    app('/kapot');
    expect(screen.getByRole('heading', { name: 'Er is iets misgegaan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opnieuw laden' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith('Screen failed', expect.objectContaining({ message: 'Loading chunk 123 failed' }));
  });

  it('tries again at another address', async () => {
    const user = userEvent.setup();
    app('/kapot');
    await user.click(screen.getByRole('link', { name: 'Naar een werkend scherm' }));
    expect(screen.getByText('Het scherm werkt')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Er is iets misgegaan' })).toBeNull();

    // The failing screen again, at an address of its own: it fails again, and says so.
    await user.click(screen.getByRole('link', { name: 'Hetzelfde scherm opnieuw' }));
    expect(screen.getByRole('heading', { name: 'Er is iets misgegaan' })).toBeTruthy();
  });

  it('renders a working screen as it is', () => {
    app('/werkt');
    expect(screen.getByText('Het scherm werkt')).toBeTruthy();
  });
});
