import { useId } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIENCE_SEARCH_MAX, type AudienceCategory, type AudienceView, type CategoryId } from '@domain/audience/contract';
import { formatCount, formatUsers } from '../format';
import { CATEGORY_LABELS, EXPLORER_LABELS } from '../labels';

export type ExplorerTab = 'categories' | 'users';

export interface ExplorerPanelProps {
  tab: ExplorerTab;
  onTabChange: (tab: ExplorerTab) => void;
  searchText: string;
  onSearchChange: (text: string) => void;
  /** undefined while loading. */
  categories: AudienceCategory[] | undefined;
  views: AudienceView[] | undefined;
  selectedCategoryId: CategoryId | null;
  onSelectCategory: (categoryId: CategoryId | null) => void;
  onOpenView: (view: AudienceView) => void;
  onDeleteView: (view: AudienceView) => void;
}

/** The left panel: the two views, the search, and the categories and saved views to open. */
export function ExplorerPanel({
  tab,
  onTabChange,
  searchText,
  onSearchChange,
  categories,
  views,
  selectedCategoryId,
  onSelectCategory,
  onOpenView,
  onDeleteView,
}: ExplorerPanelProps) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="nav" aria-labelledby={titleId} sx={{ p: 2, height: '100%' }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {EXPLORER_LABELS.title}
      </Typography>
      <Tabs value={tab} onChange={(_event, value: ExplorerTab) => onTabChange(value)} variant="fullWidth" aria-label={EXPLORER_LABELS.title}>
        <Tab value="categories" label={EXPLORER_LABELS.categoriesTab} />
        <Tab value="users" label={EXPLORER_LABELS.usersTab} />
      </Tabs>
      <TextField
        type="search"
        label={EXPLORER_LABELS.search}
        placeholder={EXPLORER_LABELS.searchHint}
        value={searchText}
        onChange={(event) => onSearchChange(event.target.value)}
        size="small"
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{
          htmlInput: { maxLength: AUDIENCE_SEARCH_MAX },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
      />
      <List dense aria-label={EXPLORER_LABELS.builtIn} subheader={<ListSubheader disableSticky>{EXPLORER_LABELS.builtIn}</ListSubheader>} sx={{ mt: 1 }}>
        <ListItem disablePadding>
          <ListItemButton selected={selectedCategoryId === null && tab === 'users'} onClick={() => onSelectCategory(null)}>
            <ListItemText primary={EXPLORER_LABELS.allUsers} />
          </ListItemButton>
        </ListItem>
        {categories === undefined ? (
          <ListItem>
            <Skeleton height={120} sx={{ width: '100%' }} />
          </ListItem>
        ) : (
          categories.map((category) => (
            <ListItem key={category.id} disablePadding>
              <ListItemButton selected={selectedCategoryId === category.id} onClick={() => onSelectCategory(category.id)}>
                <ListItemText primary={category.name} />
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {formatCount(category.userCount)}
                </Typography>
              </ListItemButton>
            </ListItem>
          ))
        )}
      </List>
      <List dense aria-label={EXPLORER_LABELS.savedViews} subheader={<ListSubheader disableSticky>{EXPLORER_LABELS.savedViews}</ListSubheader>}>
        {views?.length === 0 && (
          <ListItem>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {EXPLORER_LABELS.noSavedViews}
            </Typography>
          </ListItem>
        )}
        {views?.map((view) => (
          <ListItem
            key={view.id}
            disablePadding
            secondaryAction={
              <IconButton edge="end" size="small" aria-label={`${CATEGORY_LABELS.deleteView} ${view.name}`} onClick={() => onDeleteView(view)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            }
          >
            <ListItemButton onClick={() => onOpenView(view)}>
              <ListItemText primary={view.name} secondary={formatUsers(view.userCount)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
