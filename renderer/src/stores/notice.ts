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
  push: (n: Omit<Notice, 'id'>) => void;
  dismiss: (id: number) => void;
  setInsufficientBalanceOpen: (open: boolean) => void;
  setPlanLimitText: (text: string | null) => void;
}

let nextId = 1;
export const useNoticeStore = create<NoticeState>((set) => ({
  notices: [],
  insufficientBalanceOpen: false,
  planLimitText: null,
  push: (n) => set((s) => ({ notices: [...s.notices, { ...n, id: nextId++ }] })),
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  setInsufficientBalanceOpen: (open) => set({ insufficientBalanceOpen: open }),
  setPlanLimitText: (text) => set({ planLimitText: text }),
}));

export const notifyError = (text: string, durationMs: number) =>
  useNoticeStore.getState().push({ severity: 'error', text, durationMs });
/** Notification defaults: 5000 ms at the bottom. */
export const notifySuccess = (text: string, durationMs = NOTICE_TIMEOUT_MS) =>
  useNoticeStore.getState().push({ severity: 'success', text, durationMs, position: 'bottom' });
