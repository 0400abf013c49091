import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS, Code } from '@facet/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, type Secrets, safeEqual, sha256 } from '../../lib/secrets.js';
import type { RateLimiter } from '../ratelimit/service.js';
import { captchas } from './tables.js';

export interface RenderedCaptcha {
  text: string;
  data: string;
}
export type CaptchaRenderer = (kind: 'text' | 'math') => RenderedCaptcha;

export const svgCaptchaRenderer: CaptchaRenderer = (kind) =>
  kind === 'text'
    ? svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fa' })
    : svgCaptcha.createMathExpr({
        mathMin: 1,
        mathMax: 9,
        mathOperator: '+-',
        noise: 2,
        color: true,
        background: '#f4f6fa',
      });

const wrong = () => new AppError(Code.CAPTCHA_WRONG, 'captcha answer wrong or expired');

/**
 * Image captchas (svg-captcha): a text one and an arithmetic one. Each captcha allows one
 * answer; a right answer yields a single-use pass token that the login call consumes.
 */
export class Captchas {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly limiter: RateLimiter,
    private readonly render: CaptchaRenderer = svgCaptchaRenderer,
  ) {}

  async create(kind: 'text' | 'math', ip: string): Promise<{ captchaId: string; image: string }> {
    await this.limiter.hit('captchaPerIp', ip);
    const c = this.render(kind);
    const id = randomUUID();
    await this.db.insert(captchas).values({
      id,
      kind,
      answerHash: this.secrets.hmac('captcha', id, c.text.toLowerCase()),
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    });
    return { captchaId: id, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  }

  async check(kind: 'text' | 'math', captchaId: string, answer: string): Promise<{ captchaToken: string }> {
    // One answer per captcha: the attempt is spent whether right or wrong.
    const [row] = await this.db
      .update(captchas)
      .set({ attempts: sql`${captchas.attempts} + 1` })
      .where(
        and(
          eq(captchas.id, captchaId),
          eq(captchas.kind, kind),
          gt(captchas.expiresAt, new Date()),
          isNull(captchas.passTokenHash),
        ),
      )
      .returning();
    if (!row || row.attempts > 1) throw wrong();
    if (!safeEqual(row.answerHash, this.secrets.hmac('captcha', captchaId, answer.trim().toLowerCase()))) throw wrong();
    const token = randomToken(24);
    await this.db
      .update(captchas)
      .set({ passTokenHash: sha256(token) })
      .where(eq(captchas.id, captchaId));
    return { captchaToken: token };
  }

  /** Uses up a pass token; false if it is unknown, used or expired. */
  async consumePass(db: DbOrTx, token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const rows = await db
      .update(captchas)
      .set({ passUsedAt: new Date() })
      .where(
        and(eq(captchas.passTokenHash, sha256(token)), isNull(captchas.passUsedAt), gt(captchas.expiresAt, new Date())),
      )
      .returning({ id: captchas.id });
    return rows.length === 1;
  }
}
