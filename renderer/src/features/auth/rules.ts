import { ValidationKey } from '@facet/shared';
import { z } from 'zod';

/**
 * Logging in accepts any stored password (older ones may predate today's strength rule), so
 * the form only asks for one — the same check as the server's login body.
 */
export const loginPasswordRule = z.string().min(1, ValidationKey.passRequired);

/** The confirmation must equal the password. */
export const sameAs = (other: string) => z.string().refine((v) => v === other, 'passwordMismatch');
