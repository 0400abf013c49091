import type { ProfileSummary } from '@facet/shared';
import { useState } from 'react';

/** What every batch dialog gets: it asks for a value, and `onConfirm` makes the call with it. */
export interface BatchDialogProps<V> {
  open: boolean;
  /** How many profiles the action works on (for the title and the message). */
  count: number;
  /** The one profile a row action works on; null: the selection. */
  target: ProfileSummary | null;
  onClose: () => void;
  onConfirm: (value: V) => Promise<void>;
}

/** Runs the action; the dialog stays open (and busy) until it answers. */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
