import type { CallResult } from '@facet/shared';
import { cstToZone, isMoney } from '../../lib/format';
import type { CallPayload } from '../../queries/billing-admin';
import { zoneLocalToCst } from '../logs/time-range';

export type Coupon = CallResult<'adminCoupons'>['list'][number];

/** The coupon editor as typed; times as a datetime-local input holds them, in the user's zone. */
export interface CouponDraft {
  code: string;
  kind: 'fixed' | 'percent';
  value: string;
  minSpend: string;
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  perUserLimit: string;
  planIds: string[];
  enabled: boolean;
}

/** A server time (CST) as the datetime-local input shows it in the user's zone. */
const toLocal = (cst: string | null, zone: string) => (cst ? cstToZone(cst, zone).slice(0, 16).replace(' ', 'T') : '');

export const couponDraft = (c: Coupon | null, zone: string): CouponDraft => ({
  code: c?.code ?? '',
  kind: c?.kind ?? 'percent',
  value: c?.value ?? '',
  minSpend: c?.minSpend ?? '0.00',
  startsAt: toLocal(c?.startsTime ?? null, zone),
  endsAt: toLocal(c?.endsTime ?? null, zone),
  totalLimit: c?.totalLimit ? String(c.totalLimit) : '',
  perUserLimit: String(c?.perUserLimit ?? 1),
  planIds: c?.planIds ?? [],
  enabled: c?.enabled ?? true,
});

const whole = (v: string, min: number, max: number) => /^\d{1,7}$/.test(v) && Number(v) >= min && Number(v) <= max;

/** The draft's problems by field, as `validation.` keys (the server checks the same). */
export function couponProblems(d: CouponDraft): Partial<Record<keyof CouponDraft, string>> {
  const out: Partial<Record<keyof CouponDraft, string>> = {};
  if (!/^[A-Za-z0-9_-]{3,32}$/.test(d.code.trim())) out.code = 'couponCodeInvalid';
  if (d.kind === 'percent' ? !whole(d.value.trim(), 1, 100) : !isMoney(d.value) || Number(d.value) <= 0)
    out.value = d.kind === 'percent' ? 'percentInvalid' : 'moneyInvalid';
  if (!isMoney(d.minSpend)) out.minSpend = 'moneyInvalid';
  if (d.startsAt && d.endsAt && d.endsAt <= d.startsAt) out.endsAt = 'endBeforeStart';
  if (d.totalLimit && !whole(d.totalLimit, 1, 1_000_000)) out.totalLimit = 'positiveInteger';
  if (!whole(d.perUserLimit, 1, 1000)) out.perUserLimit = 'positiveInteger';
  return out;
}

/** The save call's body: times sent as CST 'YYYY-MM-DD HH:mm:ss' (as the log screens send theirs). */
export function couponBody(d: CouponDraft, id: number | undefined, zone: string): CallPayload<'adminCouponSave'> {
  const startsAt = zoneLocalToCst(d.startsAt, zone);
  const endsAt = zoneLocalToCst(d.endsAt, zone);
  return {
    ...(id ? { id } : {}),
    code: d.code.trim(),
    kind: d.kind,
    value: d.value.trim(),
    minSpend: d.minSpend.trim(),
    ...(startsAt ? { startsAt } : {}),
    ...(endsAt ? { endsAt } : {}),
    ...(d.totalLimit ? { totalLimit: Number(d.totalLimit) } : {}),
    perUserLimit: Number(d.perUserLimit),
    planIds: d.planIds,
    enabled: d.enabled,
  };
}
