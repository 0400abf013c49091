import type { CallResult } from '@facet/shared';

export type SavedProxy = CallResult<'proxyList'>['list'][number];
export type CheckResult = CallResult<'proxyCheck'>;
