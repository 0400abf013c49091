/**
 * Mainland China's virtual-operator (MVNO) and IoT number blocks. Registrations from them are
 * a common source of throwaway accounts, so the register screen warns about them.
 */
const CN_VIRTUAL_PREFIXES = ['170', '171', '162', '165', '167'];

export function isVirtualPhone(countryCode: string, phone: string): boolean {
  return countryCode === '86' && CN_VIRTUAL_PREFIXES.some((p) => phone.startsWith(p));
}
