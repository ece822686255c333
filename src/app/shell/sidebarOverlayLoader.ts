/**
 * The navigation drawer of small screens (SidebarOverlay), downloaded when the page is idle or the
 * menu button is first touched, whichever comes first: off the first screen's way, and there
 * before the drawer opens.
 */
export const loadSidebarOverlay = () => import('./SidebarOverlay');
export const preloadSidebarOverlay = () => void loadSidebarOverlay();
