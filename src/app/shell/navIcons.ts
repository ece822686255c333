/** The artwork of the sidebar's entries, by the names the route table gives them. */
import type { SvgIconComponent } from '@mui/icons-material';
import ApiIcon from '@mui/icons-material/Api';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import ExploreIcon from '@mui/icons-material/Explore';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import GroupsIcon from '@mui/icons-material/Groups';
import HubIcon from '@mui/icons-material/Hub';
import InsightsIcon from '@mui/icons-material/Insights';
import PollIcon from '@mui/icons-material/Poll';
import PostAddIcon from '@mui/icons-material/PostAdd';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import StorageIcon from '@mui/icons-material/Storage';
import TuneIcon from '@mui/icons-material/Tune';
import type { NavIconName } from './navNames';

export const NAV_ICONS: Record<NavIconName, SvgIconComponent> = {
  insights: InsightsIcon,
  storage: StorageIcon,
  poll: PollIcon,
  explore: ExploreIcon,
  dashboard: SpaceDashboardIcon,
  audience: GroupsIcon,
  dataSources: HubIcon,
  dataTypes: CategoryIcon,
  outboundApi: ApiIcon,
  exportData: FileDownloadIcon,
  surveyCreation: PostAddIcon,
  surveyPublished: CampaignIcon,
  discoverySettings: TuneIcon,
};
