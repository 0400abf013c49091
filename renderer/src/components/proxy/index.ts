export { countryName, ProxyCheckButton, type ProxyCheckResult } from './ProxyCheckButton';
export { ProxyConfigFields } from './ProxyConfigFields';
export { type PastedProxy, type PasteError, parseProxyText } from './parse-proxy';
export {
  CUSTOM_PROXY_TYPES,
  emptyProxyConfig,
  hasProxy,
  isProviderType,
  type ProxyErrors,
  type ProxyField,
  proxyConfigErrors,
  withMethod,
} from './proxy-config';
export { SavedProxySelect, savedProxyLabel } from './SavedProxySelect';
