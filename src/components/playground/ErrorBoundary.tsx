// A failure while rendering shows what failed and two ways out, instead of an empty page: the call is
// safe in the address bar. The session it failed on is no longer the kept one (onCrash), so the next
// visit without a link opens without it; the link to #reset opens without it now.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RESET_HASH } from './session/state';

/** The playground without the kept session: #reset in the address bar, read again from the server. */
function openWithoutSession(e: { preventDefault(): void }) {
  e.preventDefault();
  history.replaceState(null, '', location.pathname + location.search + RESET_HASH);
  location.reload();
}

export class ErrorBoundary extends Component<{ children: ReactNode; onCrash?: () => void }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  componentDidCatch(_error: unknown, _info: ErrorInfo) {
    try {
      this.props.onCrash?.();
    } catch {
      // The panel shows all the same.
    }
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="pg-crash" role="alert" data-testid="playground-crash">
        <h2>The playground stopped</h2>
        <p>
          Something on this page failed while showing the call. The call itself is safe in the address bar: reload to try again, or open the playground without this session
          (the default example; the next visit without a link opens without it too).
        </p>
        <p className="pg-crash-detail">What failed: {this.state.error.message || this.state.error.name}</p>
        <p className="pg-crash-actions">
          <button type="button" className="pg-button" onClick={() => location.reload()}>
            Reload
          </button>
          <a href={RESET_HASH} onClick={openWithoutSession} data-testid="crash-reset">
            Open without this session
          </a>
        </p>
      </div>
    );
  }
}
