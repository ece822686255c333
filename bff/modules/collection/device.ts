import { DEVICE_TYPES, type DeviceType } from '@domain/survey/collection';

/**
 * The device a browser runs on, from its User-Agent: tablets first (iPad, "Tablet", and Android
 * without "Mobile", which is how Android tablets differ from phones), then phones.
 */
export function deviceFromUserAgent(userAgent: string | undefined): DeviceType {
  if (!userAgent) return 'desktop';
  if (/iPad|Tablet/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent))) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** What the widget reported when it is a device type, else what the User-Agent says. */
export function deviceTypeOf(reported: string | undefined, userAgent: string | undefined): DeviceType {
  return DEVICE_TYPES.includes(reported as DeviceType) ? (reported as DeviceType) : deviceFromUserAgent(userAgent);
}
