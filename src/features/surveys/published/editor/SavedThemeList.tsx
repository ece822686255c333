import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SavedTheme } from '@domain/survey/types';

export const NO_SAVED_THEMES = 'No saved themes yet. Save the current colours, typography and logo to use them on other surveys.';

const savedOn = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface SavedThemeListProps {
  /** The company's themes; undefined while loading, or when they could not be loaded. */
  themes: SavedTheme[] | undefined;
  loading: boolean;
  onLoad: (theme: SavedTheme) => void;
  onDelete: (theme: SavedTheme) => void;
}

/** The company's saved themes, each with what it looks like, when it was saved, Load and Delete. */
export function SavedThemeList({ themes = [], loading, onLoad, onDelete }: SavedThemeListProps) {
  if (themes.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {loading ? 'Loading saved themes...' : NO_SAVED_THEMES}
      </Typography>
    );
  }
  return (
    <List disablePadding aria-label="Saved themes">
      {themes.map((theme) => (
        <ListItem
          key={theme.id}
          divider
          disableGutters
          secondaryAction={
            <Stack direction="row" spacing={1}>
              <Button size="small" aria-label={`Load ${theme.name}`} onClick={() => onLoad(theme)}>
                Load
              </Button>
              <Button size="small" color="error" aria-label={`Delete ${theme.name}`} onClick={() => onDelete(theme)}>
                Delete
              </Button>
            </Stack>
          }
          sx={{ pr: 18 }}
        >
          <ListItemText
            primary={theme.name}
            secondary={`${theme.settings.theme.fontFamily}, ${theme.settings.theme.primaryColor}${theme.settings.logo.enabled ? ', with logo' : ''} · saved ${savedOn.format(new Date(theme.createdAt))}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
