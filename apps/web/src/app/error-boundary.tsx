import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnce } from './chunk-reload.ts';

interface Props {
  /** What to render instead of the failed route. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches render errors of a route; a missing chunk reloads the page once. */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error) && reloadOnce(localStorage, Date.now(), () => location.reload())) return;
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
