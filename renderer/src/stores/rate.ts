import { create } from 'zustand';

/** Rate store: the USD exchange rate used for prices. */
interface RateState {
  usdRate: number;
  setUsdRate: (rate: number) => void;
}

export const useRateStore = create<RateState>((set) => ({
  usdRate: 1,
  setUsdRate: (usdRate) => set({ usdRate }),
}));
