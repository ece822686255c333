import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { expect } from 'storybook/test';

/** What every story gets from .storybook/preview.tsx: a route (parameters.router) and a query client. */
function RouteAndQueryProbe() {
  const { companyId } = useParams();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['probe', companyId], queryFn: async () => `Loaded company ${companyId}` });
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography>Company id from the route: {companyId ?? 'none'}</Typography>
      <Typography>{data ?? 'Loading…'}</Typography>
      <Button variant="outlined" onClick={() => navigate('/plans?from=probe')}>
        Go to plans
      </Button>
    </Stack>
  );
}

const meta = {
  title: 'Foundations/Story providers',
  component: RouteAndQueryProbe,
  parameters: { router: { initialEntries: ['/companies/42'], path: '/companies/:companyId' } },
} satisfies Meta<typeof RouteAndQueryProbe>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A story mounted at a route pattern reads its params, queries, and can assert where it navigated. */
export const RoutedStory: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Company id from the route: 42')).toBeVisible();
    await expect(await canvas.findByText('Loaded company 42')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to plans' }));
    await expect(await canvas.findByText('Navigated to /plans?from=probe')).toBeVisible();
  },
};
