/** The local client service answers `{ success, data, msg }` (the local API's only response shape). */
export type ClientEnvelope<T> = { success: boolean; data: T; msg: string };
