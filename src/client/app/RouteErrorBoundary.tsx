import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorScreen } from '../features/layout/ErrorScreen';

interface BoundaryProps {
  children: ReactNode;
  /** The address: another one gives its screen a fresh try. */
  address: string;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === null) return state.error === null ? null : { failedAt: props.address };
    return props.address === state.failedAt ? null : { error: null, failedAt: null };
  }

  render() {
    return this.state.error === null ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}

/**
 * A screen that failed to load or render (its chunk gone with a new release, a bug) shows the
 * error screen instead of a blank page; going to another address tries again. What the data
 * router's `errorElement` did, for the plain router the portal runs on (index.tsx).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <Boundary address={`${pathname}${search}`}>{children}</Boundary>;
}
