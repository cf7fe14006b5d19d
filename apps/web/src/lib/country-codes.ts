// Its own module, loaded on demand by lib/country-name.ts (a relative import, so server rendering can
// record it and have the browser preload it).
export { countryCode } from '@caribconnect/shared/constants/country-codes';
