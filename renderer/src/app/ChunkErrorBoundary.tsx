import { Component, type ReactNode } from 'react';

const RELOADED_KEY = 'chunkReloadAt';
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

/**
 * Chunk load failures are internal, with no user text. After a deploy the old chunk names
 * are gone; one reload fetches the new ones. A second failure within a minute is left alone,
 * so a broken server cannot cause a reload loop.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    if (!CHUNK_ERROR.test(error.message)) return;
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    window.location.reload();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
