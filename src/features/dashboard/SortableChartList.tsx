/**
 * The sortable list of "Other Charts" (drag and drop by mouse or keyboard, @dnd-kit): its own
 * chunk, loaded after the page's first paint, since the grid sits below the main chart.
 */
import { useRef, type MouseEvent, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { DASHBOARD_CHART_TITLES, GRID_DRAG_ACTIVATION_PX, type ChartType, type DashboardChart, type DashboardMetrics } from '@domain/dashboard/contract';
import { chartModel, defaultChartType } from './chartModel';
import { MetricChart } from './MetricChart';
import { GRID_LABELS, GRID_SX, type OtherChartsGridProps } from './chartGrid';

const titleOf = (id: UniqueIdentifier) => DASHBOARD_CHART_TITLES[id as DashboardChart] ?? String(id);

/** What a screen reader hears while a chart moves: the charts' titles, not their ids. */
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
  onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${titleOf(over.id)}.` : `${titleOf(active.id)} is no longer over a chart.`),
  onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} was dropped at the place of ${titleOf(over.id)}.` : `${titleOf(active.id)} was dropped.`),
  onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
};

export type SortableChartListProps = OtherChartsGridProps;

/** The charts as a list reordered by drag and drop; a drop calls onMove, a click onSelect. */
export function SortableChartList({ charts, metrics, chartTypes, rangeLabel, onMove, onSelect, actionsFor }: SortableChartListProps) {
  const sensors = useSensors(
    // A click is not a drag: the card moves only once the pointer has travelled 5 px.
    useSensor(PointerSensor, { activationConstraint: { distance: GRID_DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The click that ends a drag must not also make the dropped chart the main one.
  const dragging = useRef(false);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setTimeout(() => {
      dragging.current = false;
    }, 0);
    if (over && active.id !== over.id) onMove(active.id as DashboardChart, over.id as DashboardChart);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => {
        dragging.current = true;
      }}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        dragging.current = false;
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: GRID_LABELS.instructions } }}
    >
      <SortableContext items={[...charts]} strategy={rectSortingStrategy}>
        <Box
          component="ul"
          sx={GRID_SX}
        >
          {charts.map((chart) => (
            <SortableChartCard
              key={chart}
              chart={chart}
              metrics={metrics}
              chartType={chartTypes[chart] ?? defaultChartType(chart)}
              rangeLabel={rangeLabel}
              onSelect={() => {
                if (!dragging.current) onSelect(chart);
              }}
              actions={actionsFor?.(chart)}
            />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

interface SortableChartCardProps {
  chart: DashboardChart;
  metrics: DashboardMetrics;
  chartType: ChartType;
  rangeLabel: string;
  onSelect: () => void;
  actions?: ReactNode;
}

function SortableChartCard({ chart, metrics, chartType, rangeLabel, onSelect, actions }: SortableChartCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: chart });
  const title = DASHBOARD_CHART_TITLES[chart];
  // The pointer may grab the card anywhere; the keyboard moves it from its handle only, so Enter
  // on the card's own buttons (Download CSV) keeps doing what they say.
  const { onPointerDown, onKeyDown } = (listeners ?? {}) as { onPointerDown?: (event: unknown) => void; onKeyDown?: (event: unknown) => void };
  const selectUnlessControl = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('button, a, input, [role="button"]')) return;
    onSelect();
  };

  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-chart={chart}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ position: 'relative', zIndex: isDragging ? 2 : 'auto', minWidth: 0 }}
    >
      <Paper
        variant="outlined"
        onPointerDown={onPointerDown}
        onClick={selectUnlessControl}
        sx={{ p: 2, cursor: isDragging ? 'grabbing' : 'pointer', boxShadow: isDragging ? 8 : 'none', touchAction: 'manipulation', '&:hover': { borderColor: 'primary.main' } }}
      >
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', mb: -4.5, position: 'relative', zIndex: 1 }}>
          <Tooltip title={GRID_LABELS.show(title)}>
            <IconButton size="small" aria-label={GRID_LABELS.show(title)} onClick={onSelect}>
              <OpenInFullIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <IconButton
            size="small"
            ref={setActivatorNodeRef}
            {...attributes}
            onKeyDown={onKeyDown}
            aria-label={GRID_LABELS.move(title)}
            sx={{ cursor: 'grab' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </Stack>
        <MetricChart model={chartModel(chart, metrics)} chartType={chartType} height={220} rangeLabel={rangeLabel} actions={actions} compact />
      </Paper>
    </Box>
  );
}
