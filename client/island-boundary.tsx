import { Component, type ReactNode } from 'react';

/** Shows a short message in place of an island that throws, instead of a blank page. */
export default class IslandBoundary extends Component<
  { fallback: string; children: ReactNode; onMount?: () => void },
  { failed: boolean }
> {
  state = { failed: false };

  componentDidMount(): void {
    // An island that threw while hydrating shows the fallback and is not interactive: it must
    // not be reported as hydrated, just as one whose bundle failed to load is not.
    if (!this.state.failed) this.props.onMount?.();
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render(): ReactNode {
    return this.state.failed ? (
      <p className="island-fallback" role="alert">
        {this.props.fallback}
      </p>
    ) : (
      this.props.children
    );
  }
}
