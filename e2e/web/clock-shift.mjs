// Test code: loaded into a server process with `node --import` so that a spec can move the
// server's clock forward (days passing for commissions, renewals). The offset in milliseconds is
// read from the file named by FACET_TEST_CLOCK_FILE, at most every 100 ms; no file means no shift.
import { readFileSync } from 'node:fs';

const file = process.env.FACET_TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  let readAt = 0;
  const shift = () => {
    const now = RealDate.now();
    if (now - readAt > 100) {
      readAt = now;
      try {
        offset = Number(readFileSync(file, 'utf8')) || 0;
      } catch {
        offset = 0;
      }
    }
    return offset;
  };
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift());
      else super(...args);
    }
    static now() {
      return RealDate.now() + shift();
    }
  }
  globalThis.Date = ShiftedDate;
}
