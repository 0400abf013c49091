/** Business constants and limits, in one place for server, console and client. */

export const TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
/** Exports have no timeout. */
export const EXPORT_TIMEOUT_MS = false as const;
/** @unwired the spec's read-cache time; the console's cache table (api/response-cache.ts) still writes 24 itself. */
export const CACHE_HOURS = 24;
export const VALUE_LIST_DEDUPE_MS = 2_000;
/**
 * saveLastIp is cached for 1/60 hour (one minute).
 * @unwired the console's cache table (api/response-cache.ts) still writes 1 / 60 itself.
 */
export const SAVE_LAST_IP_CACHE_HOURS = 1 / 60;

export const UPDATE_POSTPONE_MS = 6 * 60 * 60 * 1000;
export const CLOCK_SKEW_THRESHOLD_MS = 60_000;
export const DOWNLOAD_DEBOUNCE_MS = 300;
export const DEFAULT_PERFORMANCE_CONFIG = { open: true, cpu: 95, mem: 95, freeCacheSpace: 1 } as const;
/** The xcf value is regenerated when its length is 40 or less. */
export const XCF_MIN_LENGTH = 41;
export const DEFAULT_SYSTEM_PROXY = { type: 1, port: null } as const;
/**
 * The global value browserBaseSetting.closeaction: what closing the desktop client's main window does
 * (1 = minimize to the tray, 2 = quit the app). Read by the console's close setting and Electron.
 */
export const CLOSE_ACTIONS = { tray: 1, quit: 2 } as const;
export type CloseAction = (typeof CLOSE_ACTIONS)[keyof typeof CLOSE_ACTIONS];

export const PROXY_PROVIDERS = [
  'iphtmlauto',
  'oxylabsauto',
  'lumauto',
  'ipideaauto',
  'ip2world',
  'lunaproxy',
  '922proxy',
  'ipfoxy',
  'rolaip',
  'socks5io',
  'skyip',
  'kookeey',
  'ipfly',
  'smart',
  'storm',
  'swift',
  'proxy302',
] as const;
export type ProxyProvider = (typeof PROXY_PROVIDERS)[number];

export const PROXY_AGREEMENT_TYPES = ['http', 'https', 'socks5', 'ssh', 'asocks'] as const;
export type ProxyAgreementType = (typeof PROXY_AGREEMENT_TYPES)[number];

/** The languages release notes come in (docs/client.md, Release notes per language). */
export const UPDATE_LOCALES = ['zh', 'en', 'ru', 'hk'] as const;
export type UpdateLocale = (typeof UPDATE_LOCALES)[number];

export const TOKEN_COOKIE_DAYS = 365;
export const REFRESH_MARKER_DAYS = 7;
export const EXCHANGE_LOCK_MS = 5_000;
export const LOGIN_TIME_MARKER_CLEAR_MS = 5_000;
export const FINGERPRINT_MARKER_DAYS = 168;
export const DIALOG_CONFIRM_THROTTLE_MS = 300;
export const NOTICE_TIMEOUT_MS = 5_000;
/** How long the client-update notices stay at the top. */
export const UPDATE_NOTICE_MS = 1_000;
export const ERROR_NOTICE_MS = 2_000;
export const ERROR_NOTICE_LONG_MS = 3_500;
export const UPDATE_FILE_ERROR_NOTICE_MS = 8_000;

export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
export const DEFAULT_DECIMALS = 6;
export const MOBILE_MAX_WIDTH = 768;
export const BREAKPOINTS = [600, 1024, 1440, 1920] as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** @unwired the spec's local-storage keys; the console's token storage (api/token-storage.ts) still names them itself. */
export const LOCAL_STORAGE_KEYS = ['token', 'username', 'password', 'loginTime', 'sid'] as const;

/** The 16 console languages (every text is a key in all of them), and the default. */
export const LANGUAGES = [
  'en',
  'zh',
  'hk',
  'ru',
  'vi',
  'hi',
  'es',
  'pt',
  'uk',
  'ja',
  'th',
  'ko',
  'tr',
  'de',
  'fr',
  'it',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** Server-side limits against account abuse (see docs/accounts.md, Codes by SMS and email, Abuse limits). */
export const VERIFY_CODE_TTL_MS = 5 * 60 * 1000;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
/** @unwired the server's rate limiter and verify service still write the 60 s resend wait themselves. */
export const VERIFY_CODE_RESEND_MS = 60_000;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Failed logins for one account within the window before an image captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** An X1 envelope older than this is refused, so a captured body cannot be replayed later. */
export const X1_MAX_AGE_MS = 5 * 60 * 1000;
