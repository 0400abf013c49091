import { useState } from 'react';
import type { Sending } from './UploadProgress';

/**
 * Sends chosen files one after another through `send`, with the current one's progress; a refusal
 * goes to `onRefused` and the next file still goes. Resolves with how many were accepted.
 */
export function useFileUpload<T>(
  send: (file: File, onProgress: (sent: number, total: number) => void) => Promise<T>,
  onRefused: (file: File, e: unknown) => void,
) {
  const [sending, setSending] = useState<Sending | null>(null);
  const run = async (files: readonly File[]) => {
    const done: T[] = [];
    for (const file of files) {
      setSending({ name: file.name, sent: 0, total: file.size });
      try {
        done.push(await send(file, (sent, total) => setSending({ name: file.name, sent, total })));
      } catch (e) {
        onRefused(file, e);
      }
    }
    setSending(null);
    return done;
  };
  return { sending, run, busy: sending !== null };
}
