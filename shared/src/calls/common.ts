import { z } from 'zod';

/** Paging fields of list calls that read them from a query string or a body. */
export const page = z.coerce.number().int().min(1).default(1);
export const pageSize = z.coerce.number().int().min(1).max(100).default(20);

/** A time bound as the log screens send it: CST `YYYY-MM-DD HH:mm:ss`. */
export const cstTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'timeInvalid');

/** One page of a list and the total across pages. */
export const pagedList = <T extends z.ZodType>(item: T) => z.object({ total: z.number(), list: z.array(item) });
