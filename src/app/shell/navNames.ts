/** The names the route table gives the sidebar's groups and icons; the shell draws them. */
export type NavGroupId = 'overview' | 'data' | 'surveys' | 'discovery';

/**
 * Icons are named in the route table and drawn by the shell (navIcons.ts), so the first download
 * (which includes the table) does not carry the sidebar's artwork.
 */
export type NavIconName =
  | 'insights'
  | 'storage'
  | 'poll'
  | 'explore'
  | 'dashboard'
  | 'audience'
  | 'dataSources'
  | 'dataTypes'
  | 'outboundApi'
  | 'exportData'
  | 'surveyCreation'
  | 'surveyPublished'
  | 'discoverySettings';
