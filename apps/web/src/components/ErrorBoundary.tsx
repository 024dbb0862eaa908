import { Component, type ErrorInfo, type ReactNode } from 'react';
import ErrorPage from '../pages/errors/ErrorPage.tsx';

/** Last line of defence outside the router (providers, notices): shows the generic error page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorPage error={this.state.error} />;
    return this.props.children;
  }
}
