import { z } from 'zod';
import { base64BodyLimit } from '../import-budget.js';

/**
 * Cloud phones in the client (docs/phones.md, In the client): the local API's phone/* bodies and
 * answers and the bridge's phone methods. The client links to the phone through the server's relay
 * (the `phoneConnect` grant), shows its screen and replays input; the console draws the screen and
 * sends the input.
 */
const phoneId = z.coerce.number().int().positive().max(2_147_483_647);

export const phoneIdBodySchema = z.object({ id: phoneId });

/** How the screen reaches the client: screenshots polled over ADB, or scrcpy's video stream. */
export const PHONE_SCREEN_MODES = ['screencap', 'scrcpy'] as const;
/** `reconnecting`: the link dropped and the client is trying again with backoff; input waits. */
export const PHONE_LINK_STATES = ['connecting', 'connected', 'reconnecting'] as const;

export const phoneBoundsSchema = z.object({
  x: z.number().int().min(-100_000).max(100_000),
  y: z.number().int().min(-100_000).max(100_000),
  width: z.number().int().min(100).max(100_000),
  height: z.number().int().min(100).max(100_000),
});
export type PhoneBounds = z.infer<typeof phoneBoundsSchema>;

/** One open phone as phone/open, phone/opened/configs and phone/reconnect answer it. */
export const openedPhoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The device's screen in pixels, as `wm size` reports it (portrait). */
  width: z.number().int(),
  height: z.number().int(),
  /** The screen turned: the frames are landscape. */
  rotated: z.boolean(),
  mode: z.enum(PHONE_SCREEN_MODES),
  state: z.enum(PHONE_LINK_STATES),
  /** The window's place on screen, when one was set (phone/bounds) or arranged (bounds/flexable). */
  bounds: phoneBoundsSchema.nullable(),
  /** Frames received in the last second (0 while nobody watches: the client polls only for a viewer). */
  fps: z.number(),
});
export type OpenedPhone = z.infer<typeof openedPhoneSchema>;

/** The keys a phone window has buttons for (Android key codes in the client). */
export const PHONE_KEYS = ['back', 'home', 'recents', 'volumeUp', 'volumeDown', 'power', 'enter', 'delete'] as const;
export type PhoneKey = (typeof PHONE_KEYS)[number];

/** A point on the screen as fractions of its width and height: the same input fits every screen size. */
const fraction = z.number().min(0).max(1);
const durationMs = z.number().int().min(1).max(10_000);

export const phoneInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tap'), x: fraction, y: fraction }),
  z.object({ type: z.literal('longPress'), x: fraction, y: fraction, ms: durationMs.optional() }),
  z.object({
    type: z.literal('swipe'),
    x1: fraction,
    y1: fraction,
    x2: fraction,
    y2: fraction,
    ms: durationMs.optional(),
  }),
  /** A wheel turn at a point: `dy` is the share of the screen's height to move (up is negative). */
  z.object({ type: z.literal('scroll'), x: fraction, y: fraction, dy: z.number().min(-1).max(1) }),
  z.object({ type: z.literal('text'), text: z.string().min(1).max(2000) }),
  z.object({ type: z.literal('key'), key: z.enum(PHONE_KEYS) }),
  z.object({ type: z.literal('rotate') }),
  /** The host's clipboard to the phone's; `paste` also pastes it where the phone's cursor is (the auto-paste setting). */
  z.object({ type: z.literal('clipboard'), text: z.string().min(1).max(100_000), paste: z.boolean().optional() }),
]);
export type PhoneInput = z.infer<typeof phoneInputSchema>;

/** phone/input: one input on a phone; on a group's main phone it is replayed on each follower. */
export const phoneInputBodySchema = z.object({ id: phoneId, input: phoneInputSchema });

/** phone/clipboard: what the phone's clipboard holds (scrcpy mode syncs it; `seq` grows with each change). */
export const phoneClipboardSchema = z.object({ text: z.string(), seq: z.number().int() });

/** phone/bounds: where a phone's window goes. */
export const phoneBoundsBodySchema = z.object({ id: phoneId, bounds: phoneBoundsSchema });

/** phone/saveimgs: a screenshot of each phone, as PNG, into the download folder (or `dir`). */
export const phoneSaveImagesBodySchema = z.object({ ids: z.array(phoneId).min(1).max(200) });
export const phoneSavedImagesSchema = z.object({
  files: z.array(z.object({ id: z.number().int(), path: z.string() })),
});

/** Group control (qunkong): the main phone's input is replayed on the followers. */
export const phoneControlGroupBodySchema = z.object({ main: phoneId, followers: z.array(phoneId).min(1).max(199) });
export const phoneControlGroupSchema = z.object({
  main: z.number().int().nullable(),
  followers: z.array(z.number().int()),
});
/** phone/qunkong/close: ends group control for these phones (all of it when the main is among them). */
export const phoneControlGroupCloseBodySchema = z.object({ ids: z.array(phoneId).max(200).optional() });

/** A frame of a phone's screen: `seq` grows with each new frame. */
export const phoneFrameBodySchema = z.object({
  id: phoneId,
  /** The last frame the caller has: the answer waits (up to a second) for a newer one. */
  after: z.number().int().min(0).optional(),
});

/** phone/push: a file dropped on a phone's window goes to its Download folder; an APK is installed. */
export const PHONE_PUSH_MAX_BYTES = 200 * 1024 * 1024;
export const phonePushBodySchema = z.object({
  id: phoneId,
  name: z
    .string()
    .min(1)
    .max(200)
    .refine((n) => !/[/\\\0]/.test(n) && n !== '.' && n !== '..', 'must be a file name'),
  base64: z.string().min(1).max(base64BodyLimit(PHONE_PUSH_MAX_BYTES)),
});
export const phonePushResultSchema = z.object({ path: z.string(), installed: z.boolean() });
