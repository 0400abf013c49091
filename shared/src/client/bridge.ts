import { z } from 'zod';
import { fingerprintCheckSchema } from './fingerprint-check.js';
import {
  activeProfileSchema,
  arrangeWindowsBodySchema,
  clientConfigsSchema,
  extraLogDeleteBodySchema,
  extraLogListBodySchema,
  extraLogListSchema,
  openProgressSchema,
  openResultSchema,
  pairSessionBodySchema,
  profileIdBodySchema,
  profileStartManyBodySchema,
  resetWindowBoundsBodySchema,
  windowPlacementSchema,
} from './local-api.js';
import { mcpCallListBodySchema, mcpCallListSchema, mcpInfoSchema } from './mcp.js';
import {
  performanceConfigPatchSchema,
  performanceConfigSchema,
  systemProxySaveSchema,
  systemProxyViewSchema,
} from './performance.js';
import {
  openedPhoneSchema,
  phoneBoundsBodySchema,
  phoneClipboardSchema,
  phoneControlGroupBodySchema,
  phoneControlGroupCloseBodySchema,
  phoneControlGroupSchema,
  phoneFrameBodySchema,
  phoneIdBodySchema,
  phoneInputBodySchema,
  phonePushBodySchema,
  phonePushResultSchema,
  phoneSavedImagesSchema,
  phoneSaveImagesBodySchema,
} from './phones.js';

/**
 * The client bridge (docs/client.md, The console and the client: the bridge): one table of
 * channels for Electron's preload (contextBridge + ipcRenderer.invoke), its ipcMain handlers
 * (which parse every payload with `input`) and the console. The console's browser mode serves
 * the same methods over the local API.
 */
const none = z.undefined();

export const updateInfoSchema = z.object({
  version: z.string(),
  releaseNotes: z.union([z.string(), z.array(z.string())]).optional(),
  /** Newline-separated list of changes. */
  upgradeContent: z.string().optional(),
  /** 1: an update exists; 2: forced. */
  updateAvailable: z.number().int(),
  downloadUrl: z.string().optional(),
});
export type UpdateInfo = z.infer<typeof updateInfoSchema>;

export const httpUrlSchema = z
  .string()
  .max(2048)
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');

/** Invoke channels: renderer → client, one answer each. */
export const bridgeChannels = {
  downloadUpdate: { channel: 'facet:update:download', input: none, output: z.void() },
  quitAndInstall: { channel: 'facet:update:quit-and-install', input: none, output: z.void() },
  closeAllBrowsers: { channel: 'facet:browsers:close-all', input: none, output: z.object({ count: z.number() }) },
  openByDefaultBrowser: { channel: 'facet:shell:open-external', input: httpUrlSchema, output: z.void() },
  getPerformanceConfig: { channel: 'facet:config:performance:get', input: none, output: performanceConfigSchema },
  savePerformanceConfig: {
    channel: 'facet:config:performance:save',
    input: performanceConfigPatchSchema,
    output: performanceConfigSchema,
  },
  getGlobalConfigs: { channel: 'facet:config:all', input: none, output: clientConfigsSchema },
  saveSysProxyConfig: {
    channel: 'facet:config:sys-proxy:save',
    input: systemProxySaveSchema,
    output: systemProxyViewSchema,
  },
  /** Opens profiles as real browsers; progress comes as `open-progress` events. */
  openProfiles: {
    channel: 'facet:profiles:open',
    input: profileStartManyBodySchema.omit({ concurrency: true }),
    output: z.array(openResultSchema),
  },
  closeProfile: { channel: 'facet:profiles:close', input: profileIdBodySchema, output: z.boolean() },
  activeProfiles: { channel: 'facet:profiles:active', input: none, output: z.array(activeProfileSchema) },
  /**
   * Runs the built-in fingerprint check on a profile (opened for it, and closed after, when it was
   * not open): the local API's profiles/check-fingerprint.
   */
  checkFingerprint: {
    channel: 'facet:profiles:check-fingerprint',
    input: profileIdBodySchema,
    output: fingerprintCheckSchema,
  },
  /** Tiles the open profiles' windows over an area of the screen (the local API's bounds/flexable). */
  arrangeWindows: {
    channel: 'facet:windows:arrange',
    input: arrangeWindowsBodySchema,
    output: z.array(windowPlacementSchema),
  },
  /** Forgets the stored window bounds of these profiles (bounds/reset): they open at the default size next time. */
  resetWindowBounds: {
    channel: 'facet:windows:reset-bounds',
    input: resetWindowBoundsBodySchema,
    output: z.object({ count: z.number() }),
  },
  /** The console hands its session to the client so the client can talk to the server as the user. */
  pairSession: { channel: 'facet:session:pair', input: pairSessionBodySchema, output: z.void() },
  /**
   * A one-time code for pairing a console in a web browser with this client (docs/client.md,
   * Pairing); the desktop app shows it, the browser's console asks for it. A new call replaces
   * the code before.
   */
  newPairingCode: { channel: 'facet:pairing:new-code', input: none, output: z.object({ code: z.string() }) },
  /** The local API's key, for the user's own scripts (shown on the Local API screen). */
  getLocalApiKey: { channel: 'facet:local-api:key', input: none, output: z.object({ apiKey: z.string() }) },
  showMainWindow: { channel: 'facet:window:show', input: none, output: z.void() },
  /**
   * The user's answer to `close-requested` (closing the main window with the close setting on
   * "ask each time"): keep running in the tray, quit, or stay open.
   */
  /** The client's own log (the local API's extralog/list and extralog/delete; docs/client.md, Extra log). */
  extraLogList: { channel: 'facet:extra-log:list', input: extraLogListBodySchema, output: extraLogListSchema },
  extraLogDelete: {
    channel: 'facet:extra-log:delete',
    input: extraLogDeleteBodySchema,
    output: z.object({ count: z.number() }),
  },
  /** The MCP server's address and key, the key made on first use (docs/ai.md). */
  mcpInfo: { channel: 'facet:mcp:info', input: none, output: mcpInfoSchema },
  rotateMcpKey: { channel: 'facet:mcp:rotate-key', input: none, output: mcpInfoSchema },
  mcpCalls: { channel: 'facet:mcp:calls', input: mcpCallListBodySchema, output: mcpCallListSchema },
  answerClose: {
    channel: 'facet:window:close-answer',
    input: z.object({ action: z.enum(['tray', 'quit', 'stay']) }),
    output: z.void(),
  },
  /**
   * Cloud phones (docs/phones.md, In the client; the local API's phone/*): open links the client
   * to the phone through the server's relay and, in the desktop app, shows its window.
   */
  openPhone: { channel: 'facet:phones:open', input: phoneIdBodySchema, output: openedPhoneSchema },
  closePhone: { channel: 'facet:phones:close', input: phoneIdBodySchema, output: z.boolean() },
  closeAllPhones: { channel: 'facet:phones:close-all', input: none, output: z.object({ count: z.number() }) },
  openedPhones: { channel: 'facet:phones:opened', input: none, output: z.array(openedPhoneSchema) },
  reconnectPhone: { channel: 'facet:phones:reconnect', input: phoneIdBodySchema, output: openedPhoneSchema },
  /** The newest frame of a phone's screen as PNG (waits a moment for one newer than `after`). */
  phoneFrame: {
    channel: 'facet:phones:frame',
    input: phoneFrameBodySchema,
    output: z.object({ seq: z.number().int(), png: z.instanceof(Uint8Array) }),
  },
  /**
   * Scrcpy mode's video of a phone: where the viewer streams it from (the local API's phone/video,
   * scrcpy's framing) and the headers that call needs; null when this client serves no video.
   */
  phoneVideoSource: {
    channel: 'facet:phones:video-source',
    input: phoneIdBodySchema,
    output: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }).nullable(),
  },
  /** What the phone's clipboard holds (scrcpy mode). */
  phoneClipboard: { channel: 'facet:phones:clipboard', input: phoneIdBodySchema, output: phoneClipboardSchema },
  phoneInput: { channel: 'facet:phones:input', input: phoneInputBodySchema, output: z.boolean() },
  pushPhoneFile: { channel: 'facet:phones:push', input: phonePushBodySchema, output: phonePushResultSchema },
  savePhoneImages: {
    channel: 'facet:phones:save-images',
    input: phoneSaveImagesBodySchema,
    output: phoneSavedImagesSchema,
  },
  setPhoneBounds: { channel: 'facet:phones:bounds', input: phoneBoundsBodySchema, output: openedPhoneSchema },
  phoneGroup: { channel: 'facet:phones:group', input: none, output: phoneControlGroupSchema },
  setPhoneGroup: {
    channel: 'facet:phones:group:set',
    input: phoneControlGroupBodySchema,
    output: phoneControlGroupSchema,
  },
  closePhoneGroup: {
    channel: 'facet:phones:group:close',
    input: phoneControlGroupCloseBodySchema,
    output: phoneControlGroupSchema,
  },
} as const;

/** Events: client → renderer. */
export const bridgeEvents = {
  'update-available': updateInfoSchema,
  'download-progress': z.object({ percent: z.number() }),
  'update-downloaded': z.object({ version: z.string() }),
  'update-error': z.object({ message: z.string() }),
  'rpa-task-error': z.object({ message: z.string() }),
  'phone-closed': z.object({ id: z.number().int() }),
  'phone-opened': z.object({ id: z.number().int() }),
  redirectToAuth: z.object({ url: z.string() }),
  'open-progress': openProgressSchema,
  /** A profile's browser opened or ended (closed, crashed, killed). */
  'profile-state': z.object({ id: z.number().int(), open: z.boolean() }),
  /** The main window is being closed and the close setting says to ask: answer with `answerClose`. */
  'close-requested': z.object({}),
} as const;
export const BRIDGE_EVENT_CHANNEL_PREFIX = 'facet:event:';

export type BridgeMethodName = keyof typeof bridgeChannels;
export type BridgeEventName = keyof typeof bridgeEvents;
export type BridgeEventPayload<E extends BridgeEventName> = z.infer<(typeof bridgeEvents)[E]>;
type Input<K extends BridgeMethodName> = z.input<(typeof bridgeChannels)[K]['input']>;
type Output<K extends BridgeMethodName> = z.infer<(typeof bridgeChannels)[K]['output']>;

/** The bridge as the console sees it (`window.facet` in Electron). */
export type BridgeMethods = {
  [K in BridgeMethodName]: Input<K> extends undefined
    ? () => Promise<Output<K>>
    : (input: Input<K>) => Promise<Output<K>>;
};
export interface ClientBridge extends BridgeMethods {
  /** 'electron' through the preload, 'local-api' through the client's HTTP API from a browser. */
  kind: 'electron' | 'local-api';
  platform: string;
  clientVersion: string;
  /**
   * The desktop app's window allows style elements carrying this nonce and no other inline
   * styles (docs/security.md, The packaged desktop app); the console's style cache uses it.
   */
  styleNonce?: string;
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEventPayload<E>) => void): () => void;
}
