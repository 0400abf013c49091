import { type Language, type SupportSettings, supportSettingsSchema } from '@facet/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../accounts/tables.js';
import { supportSettings } from './tables.js';

const EMPTY: SupportSettings = { kefuImage: '', kefuUrl: '', kefuScriptUrl: '', analytics: {} };

/**
 * The customer-service contact and the external scripts (docs/notices.md, Customer service).
 * Nothing is set by default, so the console loads no third-party script until the operator
 * names one.
 */
export class Support {
  constructor(private readonly db: Db) {}

  async settings(): Promise<SupportSettings> {
    const [row] = await this.db.select().from(supportSettings).where(eq(supportSettings.id, 1));
    const parsed = supportSettingsSchema.safeParse(row?.value);
    return parsed.success ? parsed.data : EMPTY;
  }

  async save(admin: UserRow, value: SupportSettings): Promise<SupportSettings> {
    const row = { id: 1, value, updatedBy: admin.id, updatedAt: new Date() };
    await this.db.insert(supportSettings).values(row).onConflictDoUpdate({ target: supportSettings.id, set: row });
    return this.settings();
  }

  /** getSoftKefu: code 1 when the operator set an image or a link. */
  async kefu() {
    const s = await this.settings();
    return { code: s.kefuImage || s.kefuUrl ? (1 as const) : (0 as const), weixinimage: s.kefuImage, url: s.kefuUrl };
  }

  async scripts(locale: Language | undefined) {
    const s = await this.settings();
    return { kefuScriptUrl: s.kefuScriptUrl || null, analyticsUrl: (locale && s.analytics[locale]) || null };
  }
}
