import { useCallback } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** Marks the `settings` child route that every member page has (see the router). */
export const SETTINGS_ROUTE_HANDLE = { settingsModal: true } as const;

const SUFFIX_AT_END = new RegExp(`/${paths.settings.segment}/?$`);

/**
 * '<any member page>/settings' shows the settings modal over that page, so it can be linked and reloaded.
 * Closing it leaves that address for the page under it.
 */
export function useSettingsRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const open = useMatches().some((m) => (m.handle as Partial<typeof SETTINGS_ROUTE_HANDLE> | undefined)?.settingsModal === true);

  const hide = useCallback(() => {
    if (open) navigate(`${location.pathname.replace(SUFFIX_AT_END, '') || '/'}${location.search}${location.hash}`, { replace: true });
  }, [open, location, navigate]);

  return { open, hide };
}
