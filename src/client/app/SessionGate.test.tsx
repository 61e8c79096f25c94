import { act, render, screen } from '@testing-library/react';
import { AppProviders } from './AppProviders';
import { SessionGate, trackSettled } from './SessionGate';
import { makeStore } from './store';
import { loggedIn } from '../test/tokens';

const gate = (chunks: Promise<void>) =>
  render(
    <AppProviders store={makeStore(loggedIn())}>
      <SessionGate chunks={chunks}>
        <p>De pagina</p>
      </SessionGate>
    </AppProviders>,
  );

describe('SessionGate', () => {
  it('renders the page in its first render when the chunks were in before it', async () => {
    const chunks = trackSettled(Promise.resolve());
    await chunks;

    gate(chunks);

    // Synchronously: no spinner first.
    expect(screen.getByText('De pagina')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the spinner until chunks still on their way are in', async () => {
    let arrive: () => void = () => undefined;
    const chunks = trackSettled(new Promise<void>((resolve) => (arrive = resolve)));

    gate(chunks);

    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByText('De pagina')).toBeNull();
    await act(async () => {
      arrive();
      await chunks;
    });
    expect(screen.getByText('De pagina')).toBeTruthy();
  });
});
