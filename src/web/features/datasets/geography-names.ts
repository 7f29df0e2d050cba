import { EXTRA_GEOGRAPHIES } from '../../../shared/geographies/extra';
import { GEOGRAPHIES as MASTER_DATA } from '../../../shared/geographies/master-data';

/**
 * The geographies of ecoinvent's master data as code and name; the data service shows and
 * filters on "Name (CODE)" only (`geography=Mexico (MX)`; `MX` or `mexico` find nothing,
 * upstream-api.md §6). The same facts the emulator generates from (src/shared/geographies); a
 * geography missing here can still be typed in full, and those seen in results are offered too.
 */
export const GEOGRAPHIES: readonly (readonly [code: string, name: string])[] = [
  ...MASTER_DATA.map(([code, name]) => [code, name] as const),
  ...EXTRA_GEOGRAPHIES,
];
