import { z } from 'zod';

/** Every HTTP response of the server: `{ code, message, result }` (§7). */
export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({ code: z.union([z.number(), z.string()]), message: z.string(), result });

export type Envelope<T> = { code: number | string; message: string; result: T };

/** The local client service answers `{ success, data, msg }` (§7). */
export const clientEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data, msg: z.string() });

export type ClientEnvelope<T> = { success: boolean; data: T; msg: string };
