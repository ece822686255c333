import type { Meta, StoryObj } from '@storybook/react-vite';
import SchemaOutlinedIcon from '@mui/icons-material/SchemaOutlined';
import { expect, fn } from 'storybook/test';
import { DATA_SOURCE_LABELS } from '@domain/data/sources';
import { SourceShortcut } from './SourceShortcut';

const meta = {
  title: 'Data Sources/SourceShortcut',
  component: SourceShortcut,
  args: {
    description: 'Map its fields to the unified data model, mark metrics and dimensions, and add custom fields.',
    icon: <SchemaOutlinedIcon />,
    label: DATA_SOURCE_LABELS.configureMapping,
    onClick: fn(),
  },
} satisfies Meta<typeof SourceShortcut>;
export default meta;

type Story = StoryObj<typeof meta>;

/** What it leads to, then the button there. */
export const ConfigureMapping: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(args.description)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.configureMapping }));
    await expect(args.onClick).toHaveBeenCalled();
  },
};
