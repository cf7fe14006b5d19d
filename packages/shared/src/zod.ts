import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` (and probes for it when a schema is built). The
// web app's Content-Security-Policy forbids eval, so in a browser zod runs without it: the probe
// would otherwise be reported as a CSP violation. Servers keep the faster compiled parsers.
// Every schema module imports z from here, so this runs before any schema is built.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
