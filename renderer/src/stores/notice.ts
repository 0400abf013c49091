import { NOTICE_TIMEOUT_MS } from '@facet/shared';
import { create } from 'zustand';

/** A red top notice (a refused call) or another short message. */
export interface Notice {
  id: number;
  severity: 'error' | 'success' | 'info' | 'warning';
  text: string;
  durationMs: number;
  /** Error notices sit at the top; other notifications default to the bottom. */
  position?: 'top' | 'bottom';
}

interface NoticeState {
  notices: Notice[];
  /** The insufficient-balance dialog of code 16011. */
  insufficientBalanceOpen: boolean;
  /** The plan-limit dialog of code 16030: the refusal's text, null when closed. */
  planLimitText: string | null;
  /** The verification-required dialog of code 16050: the feature refused, null when closed. */
  identityRequired: string | null;
  push: (n: Omit<Notice, 'id'>) => void;
  dismiss: (id: number) => void;
  setInsufficientBalanceOpen: (open: boolean) => void;
  setPlanLimitText: (text: string | null) => void;
  setIdentityRequired: (feature: string | null) => void;
}

let nextId = 1;
const SUPERSEDED: ReadonlyArray<Notice['severity']> = ['success', 'info'];
export const useNoticeStore = create<NoticeState>((set) => ({
  notices: [],
  insufficientBalanceOpen: false,
  planLimitText: null,
  identityRequired: null,
  // A person acting quickly sees what their last action did at once: a newer notice takes the place
  // of a success or info shown or waiting. Errors and warnings stay queued, each for its own time.
  push: (n) =>
    set((s) => ({ notices: [...s.notices.filter((o) => !SUPERSEDED.includes(o.severity)), { ...n, id: nextId++ }] })),
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  setInsufficientBalanceOpen: (open) => set({ insufficientBalanceOpen: open }),
  setPlanLimitText: (text) => set({ planLimitText: text }),
  setIdentityRequired: (feature) => set({ identityRequired: feature }),
}));

export const notifyError = (text: string, durationMs: number) =>
  useNoticeStore.getState().push({ severity: 'error', text, durationMs });
/** Notification defaults: 5000 ms at the bottom. */
export const notifySuccess = (text: string, durationMs = NOTICE_TIMEOUT_MS) =>
  useNoticeStore.getState().push({ severity: 'success', text, durationMs, position: 'bottom' });
