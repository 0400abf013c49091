import { CHUNK_LOAD_TIMEOUT_MS } from '@facet/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The message the chunk error boundary recognises (browsers use similar words). */
export const CHUNK_TIMEOUT_MESSAGE = 'error loading dynamically imported module: timed out';

/** A chunk that has not arrived in 120 s counts as failed (the boundary then reloads once). */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_TIMEOUT_MESSAGE)), timeoutMs);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** React.lazy with the chunk timeout. */
export function lazyChunk<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(load));
}
