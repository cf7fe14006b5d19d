import { createContext } from 'react';

/** True inside AppLayout: lets the route error screen know whether it must draw the header itself. */
export const InsideLayout = createContext(false);
