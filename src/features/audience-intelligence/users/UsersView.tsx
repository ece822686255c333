import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUDIENCE_MESSAGES, type AudienceUser, type AudienceUsersPage } from '@domain/audience/contract';
import { formatCount } from '../format';
import { EXPLORER_LABELS } from '../labels';
import { UsersTable } from './UsersTable';

export interface UsersViewProps {
  /** The category whose users are listed; null for every user of the audience. */
  categoryName: string | null;
  page: AudienceUsersPage | undefined;
  currentPage: number;
  loading: boolean;
  /** When the page was read (relative times are measured from it). */
  readAt: number;
  onPageChange: (page: number) => void;
  onOpenUser: (user: AudienceUser) => void;
  onBackToCategories: () => void;
}

/** The Users view (section 2): which users are shown, a way back, and the table. */
export function UsersView({ categoryName, page, currentPage, loading, readAt, onPageChange, onOpenUser, onBackToCategories }: UsersViewProps) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2">
          {categoryName ?? EXPLORER_LABELS.allUsers}
          {page && ' '}
          {page && (
            <Typography component="span" sx={{ color: 'text.secondary' }}>
              ({formatCount(page.total)})
            </Typography>
          )}
        </Typography>
        {categoryName !== null && (
          <Button startIcon={<ArrowBackIcon />} onClick={onBackToCategories}>
            {AUDIENCE_MESSAGES.backToCategories}
          </Button>
        )}
      </Stack>
      <UsersTable page={page} currentPage={currentPage} loading={loading} readAt={readAt} onPageChange={onPageChange} onOpenUser={onOpenUser} />
    </Stack>
  );
}
