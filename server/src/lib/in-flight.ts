import { Code } from '@facet/shared';
import { AppError } from './errors.js';

/**
 * The same submission while it is still being served (a double click, a retried request whose
 * first copy has not answered): the copy is refused with 11209, which the console drops without a
 * notice, because the first one answers for both (docs/accounts.md, Codes the server sends). The
 * set is per server process: copies behind a load balancer on different processes are left to
 * the database's own checks.
 */
export class InFlight {
  private readonly keys = new Set<string>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.keys.has(key)) throw new AppError(Code.SILENT_A, 'the same request is still being served');
    this.keys.add(key);
    try {
      return await work();
    } finally {
      this.keys.delete(key);
    }
  }
}
