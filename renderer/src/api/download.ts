import type { CallName } from '@facet/shared';
import { type CallPayload, request } from './calls';
import { transportEvents } from './transport-events';

/** Saves a file through the browser's download (also what the desktop client shows). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Calls a file call (export, template, cookies: `blob` in the call table) with no timeout
 * and saves the answer under the server's file name, else `fallbackName`, then reports
 * fileSaved (a success notice naming the file). A refusal shows its notice like any call and rejects.
 */
export async function downloadCall<N extends CallName>(
  name: N,
  payload: CallPayload<N>,
  fallbackName: string,
): Promise<string> {
  const blob = (await request(name, payload, { responseType: 'blob', kind: 'export' })) as unknown as Blob;
  const fileName = blob instanceof File && blob.name ? blob.name : fallbackName;
  saveBlob(blob, fileName);
  // The browser may save it without a word (no download bar in the desktop client): say so.
  void transportEvents.emit('fileSaved', { fileName });
  return fileName;
}
