/** The device id sent with logins: this browser's fingerprint id once it was collected. */
export const FINGERPRINT_ID_KEY = 'fingerPrintId';
export const deviceId = (): string | undefined => localStorage.getItem(FINGERPRINT_ID_KEY) ?? undefined;
