import { ScrollRestoration, type Location } from './router';
import { paths } from './paths';

/** Lists a person returns to by a link ("Back to jobs") as well as by the browser's Back button. */
const LISTS: readonly string[] = [paths.jobs.pattern, paths.jobs.alias];

/**
 * Each history entry keeps its own scroll position (the default), except a list, whose position is
 * kept per URL (path and filters): "Back to jobs" is a new entry, yet it should land where the
 * person left that same filtered list. Module-level, because ScrollRestoration re-registers when
 * getKey changes identity.
 */
function scrollKey(location: Location): string {
  return LISTS.includes(location.pathname) ? location.pathname + location.search : location.key;
}

/** New screens open at the top; Back (and a return link to a list) lands where the person was. */
export function PageScrollRestoration() {
  return <ScrollRestoration getKey={scrollKey} />;
}
