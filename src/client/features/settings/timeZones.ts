/** The regions of IANA zone names, in the order the list shows them. */
export const REGIONS = ['Europe', 'Asia', 'Africa', 'America', 'Atlantic', 'Indian', 'Pacific', 'Australia', 'Arctic', 'Antarctica'] as const;
export type Region = (typeof REGIONS)[number] | 'other';

export interface ZoneOption {
  /** The IANA name, the value stored. */
  value: string;
  /** The city (with its state or country where the name has one), e.g. 'Buenos Aires (Argentina)'. */
  city: string;
  /** e.g. '+03:00', '-04:30', '+00:00' */
  offset: string;
}

export interface ZoneGroup {
  region: Region;
  zones: ZoneOption[];
}

/** 'America/Argentina/Buenos_Aires' -> 'Buenos Aires (Argentina)'; 'UTC' stays 'UTC'. */
export function cityOf(zone: string): string {
  const parts = zone.split('/').map((part) => part.replace(/_/g, ' '));
  const city = parts[parts.length - 1];
  return parts.length > 2 ? `${city} (${parts.slice(1, -1).join(', ')})` : city;
}

/** The zone's offset from UTC at `at`, as '+03:00'. */
export function offsetOf(zone: string, at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const offset = name.replace(/^GMT/, '');
  return offset === '' ? '+00:00' : offset;
}

/**
 * The zones grouped by region, each group's cities in alphabetical order, so that typing a city's
 * first letters in the list finds it. A zone outside the known regions (UTC, a stored alias) goes to 'other'.
 */
export function zoneGroups(zones: readonly string[], at: Date, locale: string): ZoneGroup[] {
  const groups = new Map<Region, ZoneOption[]>();
  for (const zone of new Set(zones)) {
    const prefix = zone.split('/')[0];
    const region: Region = zone.includes('/') && (REGIONS as readonly string[]).includes(prefix) ? (prefix as Region) : 'other';
    const list = groups.get(region) ?? [];
    list.push({ value: zone, city: cityOf(zone), offset: offsetOf(zone, at) });
    groups.set(region, list);
  }
  return [...REGIONS, 'other' as const]
    .filter((region) => groups.has(region))
    .map((region) => ({ region, zones: groups.get(region)!.sort((a, b) => a.city.localeCompare(b.city, locale)) }));
}
