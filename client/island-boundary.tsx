import { Component, type ReactNode } from 'react';

/** Shows a short message in place of an island that throws, instead of a blank page. */
export default class IslandBoundary extends Component<{ fallback: string; children: ReactNode; onMount?: () => void }, { failed: boolean }> {
  state = { failed: false };

  componentDidMount(): void {
    this.props.onMount?.();
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render(): ReactNode {
    return this.state.failed ? <p className="island-fallback" role="alert">{this.props.fallback}</p> : this.props.children;
  }
}
