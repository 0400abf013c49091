import { randomInt } from 'node:crypto';
import type { IdentitySubmissionRow } from './tables.js';

/**
 * Who decides a verification (docs/identity.md, Providers). The built-in one is the operator's
 * review; a provider with its own checks (a real-name or bank service) would implement the same
 * two steps and answer for itself.
 */
export interface VerificationProvider {
  /** What a complete submission becomes: left to a review (pending), or decided at once. */
  submitted(sub: IdentitySubmissionRow): Promise<'pending' | 'approved' | 'rejected'>;
  /**
   * Starts the reverse small payment to the company's account: its amount in cents, and whether
   * the money has already gone (false: someone still has to send it and say so).
   */
  startReversePayment(sub: IdentitySubmissionRow): Promise<{ cents: number; sent: boolean }>;
}

/** The operator reviews every submission and sends the small amount by hand from the admin screen. */
export const operatorReview: VerificationProvider = {
  submitted: async () => 'pending',
  // 0.01 … 0.99: small enough to cost nothing, random enough that guessing takes the attempts.
  startReversePayment: async () => ({ cents: randomInt(1, 100), sent: false }),
};
