import { z } from 'zod';
import { INT32_MAX, textRule } from '../bounded.js';

/** Paging fields of list calls that read them from a query string or a body. */
export const page = z.coerce.number().int().min(1).max(INT32_MAX).default(1);
export const pageSize = z.coerce.number().int().min(1).max(100).default(20);

/**
 * The body of a filtered, paged list call: the paging fields and the filters. A call sent
 * without a body asks for the first page.
 */
export const pagedBody = <S extends z.ZodRawShape>(filters: S) => {
  const body = z.object({ page, pageSize, ...filters });
  // The filters are optional, so the first page alone is a whole body; TypeScript cannot see
  // that through the generic filters, hence the cast.
  return body.default({ page: 1, pageSize: 20 } as never);
};

/** A time bound as the log screens send it: CST `YYYY-MM-DD HH:mm:ss`. */
export const cstTime = textRule(19).regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'timeInvalid');

/** One page of a list and the total across pages. */
export const pagedList = <T extends z.ZodType>(item: T) => z.object({ total: z.number(), list: z.array(item) });
