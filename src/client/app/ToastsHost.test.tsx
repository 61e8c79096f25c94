import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from './AppProviders';
import { makeStore } from './store';
import { toastQueued } from '../base/toastsSlice';
import { loggedIn } from '../test/tokens';

/** The toasts load after the first render (ToastsHost), or at once for a toast queued before that. */
describe('ToastsHost', () => {
  const idleCallbacks: IdleRequestCallback[] = [];
  beforeEach(() => {
    idleCallbacks.length = 0;
    // An idle browser that never comes: only a queued toast can load the toasts.
    window.requestIdleCallback = (callback) => idleCallbacks.push(callback);
    window.cancelIdleCallback = () => undefined;
  });
  afterEach(() => {
    // Unmounted first: its cleanup cancels the idle callback.
    cleanup();
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  const mount = () => {
    const store = makeStore(loggedIn());
    render(
      <AppProviders store={store}>
        <p>De pagina</p>
      </AppProviders>,
    );
    return store;
  };

  it('waits for the idle browser before it loads the toasts, and shows a toast queued before that', async () => {
    const store = mount();
    expect(idleCallbacks).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => {
      store.dispatch(toastQueued({ message: 'Het opslaan is mislukt.' }));
    });

    expect(await screen.findByText('Het opslaan is mislukt.')).toBeTruthy();
  });

  it('keeps the toasts once loaded: a shown toast stays when the queue is empty, and the next one shows too', async () => {
    const store = mount();
    act(() => {
      store.dispatch(toastQueued({ message: 'Eerste melding' }));
    });
    await screen.findByText('Eerste melding');
    await waitFor(() => expect(store.getState().toasts).toEqual([]));
    expect(screen.getByText('Eerste melding')).toBeTruthy();

    act(() => {
      store.dispatch(toastQueued({ message: 'Tweede melding', variant: 'success' }));
    });
    expect(await screen.findByText('Tweede melding')).toBeTruthy();
    expect(screen.getByText('Eerste melding')).toBeTruthy();
  });

  it('loads the toasts when the browser is idle, without a toast', async () => {
    const store = mount();
    await act(async () => {
      for (const callback of idleCallbacks) callback({ didTimeout: false, timeRemaining: () => 50 });
    });
    // Loaded and mounted: a toast now shows without waiting for a load.
    act(() => {
      store.dispatch(toastQueued({ message: 'Gelukt!', variant: 'success' }));
    });
    expect(await screen.findByText('Gelukt!')).toBeTruthy();
  });
});
