import type { OpenedPhone, PhoneBounds, WindowPlacement } from '@facet/shared';
import type { ArrangeInput, ProfileSessions } from '../profile-sessions.js';
import { type Rect, tileRects } from '../tiling.js';

/** A phone's window in its tile: the screen's shape, as large as fits, times phoneDeviceScale. */
function phoneRect(cell: Rect, phone: Pick<OpenedPhone, 'width' | 'height' | 'rotated'>, scale: number): PhoneBounds {
  const [w, h] = phone.rotated ? [phone.height, phone.width] : [phone.width, phone.height];
  const fit = Math.min(cell.width / w, cell.height / h) * scale;
  // A window is at least 100 px each way (phone/bounds' rule): a tiny one grows, keeping its shape.
  const grow = Math.max(1, 100 / Math.min(w * fit, h * fit));
  return {
    x: cell.left,
    y: cell.top,
    width: Math.round(w * fit * grow),
    height: Math.round(h * fit * grow),
  };
}

/**
 * bounds/flexable with phones (docs/client.md): the open profiles' windows are tiled as before
 * (the given ids, else all), and the open phones' windows take the next tiles, each fitted to its
 * screen's shape and scaled by `scale`. Answers the profiles' placements (the contract's shape).
 */
export async function arrangeWithPhones(
  profiles: Pick<ProfileSessions, 'active' | 'setWindowBounds'>,
  phones: { opened(): OpenedPhone[]; setBounds(id: number, b: PhoneBounds): OpenedPhone },
  a: ArrangeInput,
  scale: () => Promise<number>,
): Promise<WindowPlacement[]> {
  const open = new Set(profiles.active().map((p) => p.id));
  const ids = [...new Set(a.ids ?? [...open].sort((x, y) => x - y))].filter((id) => open.has(id));
  const opened = phones.opened();
  const rects = tileRects(ids.length + opened.length, a);
  const factor = opened.length ? await scale() : 1;
  opened.forEach((p, i) => {
    phones.setBounds(p.id, phoneRect(rects[ids.length + i] as Rect, p, factor));
  });
  return Promise.all(ids.map(async (id, i) => ({ id, ...(await profiles.setWindowBounds(id, rects[i] as Rect)) })));
}
