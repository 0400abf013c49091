/** The kinds of wallet records, in the order the type filter lists them. */
export const RECORD_TYPES = [
  'recharge',
  'purchase',
  'refund',
  'commission',
  'commissionRelease',
  'commissionReversal',
  'withdraw',
  'payout',
  'payoutReturn',
  'adjustment',
  'reversal',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
