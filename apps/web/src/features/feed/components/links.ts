import { paths } from '../../../config/paths';

/** The landing feed filtered by a hashtag or by an author: same route, a query parameter. */
export const tagHref = (tag: string) => paths.landing.filtered({ tag: tag.toLowerCase() });
export const authorHref = (username: string) => paths.landing.filtered({ author: username });
/** A member's profile page: where a mention, an author's name or avatar leads. */
export const profileHref = (username: string) => paths.people.profile.getHref(username);
