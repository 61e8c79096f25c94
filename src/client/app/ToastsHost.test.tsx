import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MSG } from '../../domain/messages';
import { AppProviders } from './AppProviders';
import { makeStore } from './store';
import { endpointToastsClosed, selectQueuedToasts, toastQueued } from '../base/toastsSlice';
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

  it("shows a server fault's support code under its message", async () => {
    const store = mount();
    act(() => {
      store.dispatch(toastQueued({ message: MSG.unknownError, detail: 'Foutcode voor support: 9b2f0c1e-77aa' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MSG.unknownError);
    expect(alert.textContent).toContain('Foutcode voor support: 9b2f0c1e-77aa');
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

  it("closes an endpoint's error when the endpoint is called again, and leaves the other toasts", async () => {
    const store = mount();
    act(() => {
      store.dispatch(toastQueued({ message: MSG.phoneNumberTaken }, 'addService'));
      store.dispatch(toastQueued({ message: 'Een andere melding' }));
    });
    await screen.findByText(MSG.phoneNumberTaken);
    await waitFor(() => expect(selectQueuedToasts(store.getState())).toEqual([]));
    // Shown, it stays in the store until closed: its endpoint's next call closes it.
    expect(store.getState().toasts.map(({ endpoint }) => endpoint)).toEqual(['addService']);

    act(() => {
      store.dispatch(endpointToastsClosed('addService'));
    });
    await waitFor(() => expect(screen.queryByText(MSG.phoneNumberTaken)).toBeNull());
    expect(screen.getByText('Een andere melding')).toBeTruthy();
  });

  it('shows the same error again after a retry fails again', async () => {
    const store = mount();
    act(() => {
      store.dispatch(toastQueued({ message: MSG.phoneNumberTaken }, 'addService'));
    });
    await screen.findByText(MSG.phoneNumberTaken);
    act(() => {
      store.dispatch(endpointToastsClosed('addService'));
      store.dispatch(toastQueued({ message: MSG.phoneNumberTaken }, 'addService'));
    });
    await waitFor(() => expect(store.getState().toasts).toMatchObject([{ endpoint: 'addService', shown: true }]));
    await waitFor(() => expect(screen.getAllByText(MSG.phoneNumberTaken)).toHaveLength(1));
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
