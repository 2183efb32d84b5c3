// A failure while rendering shows what failed and two ways out, instead of an empty page: the call is
// safe in the address bar.
import { Component, type ReactNode } from 'react';
import { browserStorage, clearSession } from './storage';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="pg-crash" role="alert" data-testid="playground-crash">
        <h2>The playground stopped</h2>
        <p>Something on this page failed while showing the call. The call itself is safe in the address bar: reload to try again, or start over from the default example.</p>
        <p className="pg-crash-detail">What failed: {this.state.error.message || this.state.error.name}</p>
        <p>
          <button type="button" className="pg-button" onClick={() => location.reload()}>
            Reload
          </button>{' '}
          <button
            type="button"
            className="pg-button"
            onClick={() => {
              clearSession(browserStorage());
              history.replaceState(null, '', location.pathname + location.search);
              location.reload();
            }}
          >
            Default example
          </button>
        </p>
      </div>
    );
  }
}
