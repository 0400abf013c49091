import type { OpenedPhone, PhoneBounds } from '@facet/shared';
import { BrowserWindow, type WebPreferences } from 'electron';
import type { FacetClient } from '../services/client.js';

/** A window's height before it has bounds of its own: the screen drawn this tall, its width to match. */
const DEFAULT_HEIGHT = 820;
/** Room for the window's buttons beside the screen (the console's phone view). */
const TOOLBAR_WIDTH = 56;

function defaultBounds(p: OpenedPhone): PhoneBounds {
  const [w, h] = p.rotated ? [p.height, p.width] : [p.width, p.height];
  return { x: 80, y: 40, width: Math.round((DEFAULT_HEIGHT * w) / h) + TOOLBAR_WIDTH, height: DEFAULT_HEIGHT };
}

const same = (a: Electron.Rectangle, b: PhoneBounds) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/**
 * A window per open phone (docs/phones.md, In the client): the console's `/phone-view/<id>` with
 * the main window's preload and CSP, placed at the phone's bounds, closed with the phone (and
 * closing it closes the phone).
 */
export function phoneWindows(o: { client: FacetClient; consoleUrl: string; webPreferences: () => WebPreferences }) {
  const windows = new Map<number, BrowserWindow>();
  const phones = o.client.phones;

  phones.on('phone-opened', ({ id }: { id: number }) => {
    if (windows.has(id)) return;
    const p = phones.opened().find((x) => x.id === id);
    if (!p) return;
    const b = p.bounds ?? defaultBounds(p);
    const w = new BrowserWindow({
      ...b,
      minWidth: 160,
      minHeight: 200,
      show: false,
      title: p.name,
      autoHideMenuBar: true,
      webPreferences: o.webPreferences(),
    });
    windows.set(id, w);
    w.once('ready-to-show', () => w.show());
    const remember = () => {
      if (w.isDestroyed() || !phones.ids().includes(id)) return;
      const r = w.getBounds();
      phones.setBounds(id, { x: r.x, y: r.y, width: Math.max(100, r.width), height: Math.max(100, r.height) });
    };
    w.on('moved', remember);
    w.on('resized', remember);
    w.on('closed', () => {
      windows.delete(id);
      // The user closed the window: the phone closes with it.
      if (phones.ids().includes(id)) void phones.close(id).catch(() => undefined);
    });
    void w.loadURL(new URL(`/phone-view/${id}`, o.consoleUrl).toString()).catch(() => undefined);
  });
  phones.on('phone-closed', ({ id }: { id: number }) => {
    const w = windows.get(id);
    windows.delete(id);
    if (w && !w.isDestroyed()) w.destroy();
  });
  phones.on('bounds', ({ id, bounds }: { id: number; bounds: PhoneBounds }) => {
    const w = windows.get(id);
    if (w && !w.isDestroyed() && !same(w.getBounds(), bounds)) w.setBounds(bounds);
  });

  return {
    /** The bridge answers a phone's window as it answers the main window. */
    isPhoneWindow: (sender: unknown) => [...windows.values()].some((w) => !w.isDestroyed() && w.webContents === sender),
  };
}
