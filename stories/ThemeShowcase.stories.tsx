import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import { LineChart } from '@mui/x-charts/LineChart';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { palette, type TokenMode } from '@tokens/tokens';
import { Logo, ThemeToggle, useThemeMode } from '@/theme';

const rows = [
  { id: 1, segment: 'Returning buyers', users: 1840, conversion: 0.124 },
  { id: 2, segment: 'New visitors', users: 5210, conversion: 0.031 },
  { id: 3, segment: 'Lapsed customers', users: 960, conversion: 0.058 },
];

const columns: GridColDef<(typeof rows)[number]>[] = [
  { field: 'segment', headerName: 'Segment', flex: 1 },
  { field: 'users', headerName: 'Users', type: 'number', width: 110 },
  {
    field: 'conversion',
    headerName: 'Conversion',
    type: 'number',
    width: 130,
    valueFormatter: (value: number) => `${(value * 100).toFixed(1)} %`,
  },
];

const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function Showcase() {
  const [tab, setTab] = useState(0);
  const { mode } = useThemeMode();
  return (
    <Box sx={{ bgcolor: 'background.default', color: 'text.primary' }}>
      <AppBar position="static">
        <Toolbar sx={{ gap: 2 }}>
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {mode === 'dark' ? 'Dark theme' : 'Light theme'}
          </Typography>
          <ThemeToggle />
        </Toolbar>
      </AppBar>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
        <Box component="nav" aria-label="Sections" sx={{ width: { md: 240 }, flexShrink: 0 }}>
          <List component="div">
            <ListItemButton selected>
              <ListItemIcon>
                <DashboardOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary="Overview" />
            </ListItemButton>
            <ListItemButton>
              <ListItemIcon>
                <StorageOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary="Data sources" />
            </ListItemButton>
            <ListItemButton>
              <ListItemIcon>
                <InsightsOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary="Audience intelligence" />
            </ListItemButton>
          </List>
        </Box>
        <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Card>
            <CardHeader title="Recommendations served" subheader="Last 7 days" />
            <CardContent>
              <Tabs value={tab} onChange={(_, value: number) => setTab(value)} aria-label="Metrics">
                <Tab label="All Metrics" />
                <Tab label="# of Calls" />
                <Tab label="Conversion Rate" />
              </Tabs>
              <LineChart
                height={220}
                xAxis={[{ scaleType: 'point', data: days }]}
                series={[
                  { label: 'Calls', data: [120, 180, 150, 210, 260, 190, 230] },
                  { label: 'Recommendations', data: [80, 110, 95, 140, 170, 130, 150] },
                  { label: 'A/B clicks', data: [20, 35, 30, 42, 55, 38, 47] },
                ]}
              />
            </CardContent>
          </Card>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained">Save View</Button>
            <Button variant="contained" color="secondary">
              Create API Token
            </Button>
            <Button variant="outlined">Export Data</Button>
            <Button>Cancel</Button>
            <Button variant="contained" color="error">
              Delete
            </Button>
          </Stack>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Chip label="Active" color="success" />
            <Chip label="Paused" color="warning" />
            <Chip label="Revoked" color="error" />
            <Chip label="read" color="info" variant="outlined" />
            <Chip label="Draft" />
          </Stack>
          <Alert severity="success">Settings saved successfully!</Alert>
          <Alert severity="info">Paid plans have a 1-month free trial.</Alert>
          <Alert severity="warning">This survey ends in 2 days.</Alert>
          <Alert severity="error">Failed to load audience metrics</Alert>
          <Alert severity="success" variant="filled">
            Survey published successfully and moved to published surveys!
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Company Name" defaultValue="Acme Retail" />
            <TextField label="Email" error helperText="Please enter a valid email" defaultValue="acme@" />
          </Stack>
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Import progress
            </Typography>
            <LinearProgress variant="determinate" value={64} aria-label="Import progress" />
          </Box>
          <Box sx={{ height: 260 }}>
            <DataGrid rows={rows} columns={columns} hideFooter disableColumnMenu aria-label="Audience segments" />
          </Box>
          <Typography variant="body2">
            Need help? <Link href="#contact">Contact your administrator</Link>.
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

/**
 * Common MUI components with the Navout customizations, to review both themes at a glance. The
 * accessibility checks run on all of it in light and in dark.
 */
const meta = {
  title: 'Foundations/Theme showcase',
  component: Showcase,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Showcase>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Dashboard: Story = {
  play: async ({ canvas, globals }) => {
    const mode = globals.theme as TokenMode;
    // The page really is in the toolbar's theme: its background is that theme's token.
    await expect(getComputedStyle(document.body).backgroundColor).toBe(rgb(palette[mode].background.default));
    await expect(canvas.getByText(mode === 'dark' ? 'Dark theme' : 'Light theme')).toBeVisible();
  },
};
