import AddLinkIcon from '@mui/icons-material/AddLink';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_SOURCE_LABELS } from '@domain/data/sources';
import { NAVOUT_TAGLINE } from '@/theme/components/Logo';

export const PAGE_TITLE = 'Data Sources';

export interface DataSourcesHeaderProps {
  /** data_sources:write: the page's main actions are shown. */
  canManage: boolean;
  /** "Import a file": a new file source, whichever the file type. */
  onImportFile: () => void;
  /** "Connect a source": the catalogue of what can be connected. */
  onConnectSource: () => void;
}

/** The page's title, what it is for, and its main actions: importing a file, connecting a source. */
export function DataSourcesHeader({ canManage, onImportFile, onConnectSource }: DataSourcesHeaderProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}>
      <Box sx={{ maxWidth: 760 }}>
        <Typography variant="subtitle2" component="p" sx={{ color: 'primary.main' }}>
          {NAVOUT_TAGLINE}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {PAGE_TITLE}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{DATA_SOURCE_LABELS.subtitle}</Typography>
      </Box>
      {canManage && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={onImportFile}>
            {DATA_SOURCE_LABELS.importFile}
          </Button>
          <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={onConnectSource}>
            {DATA_SOURCE_LABELS.connectSource}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
