import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  ALL_CATEGORIES_LABEL,
  CATALOGUE_CATEGORIES,
  REQUEST_CUSTOM_API_ID,
  sourcesIn,
  type CatalogueCategory,
  type CatalogueSource,
} from '@domain/data/catalogue';
import { useConnectorLookup } from '../connectorLookup';
import type { CatalogueConnection } from './catalogueConnections';
import { CatalogueSourceCard } from './CatalogueSourceCard';

type CategoryChoice = CatalogueCategory | typeof ALL_CATEGORIES_LABEL;

const CHOICES: readonly CategoryChoice[] = [ALL_CATEGORIES_LABEL, ...CATALOGUE_CATEGORIES];

export interface SourceCatalogueProps {
  /** The company's sources of an entry; null when no one company is in view. */
  connectionOf: (source: CatalogueSource) => CatalogueConnection | null;
  canManage: boolean;
  /** "Connect API" (or "Add source") on a connector entry: a new source. */
  onConnect: (source: CatalogueSource) => void;
  /** "Connect Data" (or "Add source") on an import entry: a new file source. */
  onImport: (source: CatalogueSource) => void;
  /** "Settings" or "View sources" on an entry the company has sources of. */
  onShowConnected: (source: CatalogueSource) => void;
  onRequestCustomApi: () => void;
  /** The category shown first. */
  initialCategory?: CategoryChoice;
}

/**
 * The Available tab: category tabs plus "All Categories", each category's source cards under its
 * heading. A source without a connector is shown, but offered through "Request Custom API" only.
 */
export function SourceCatalogue({
  connectionOf,
  canManage,
  onConnect,
  onImport,
  onShowConnected,
  onRequestCustomApi,
  initialCategory = ALL_CATEGORIES_LABEL,
}: SourceCatalogueProps) {
  const [category, setCategory] = useState<CategoryChoice>(initialCategory);
  const connectorOf = useConnectorLookup();
  // Only what moves real data is offered: an importer, or a source with a connector.
  const connectable = (source: CatalogueSource) => source.isImport || Boolean(connectorOf(source.id));
  const idPrefix = useId();
  const tabId = (choice: CategoryChoice) => `${idPrefix}-tab-${CHOICES.indexOf(choice)}`;
  const panelId = `${idPrefix}-panel`;
  // Category names hold spaces, which an id list (aria-labelledby) would split: ids use the index.
  const headingId = (name: CatalogueCategory) => `${idPrefix}-heading-${CATALOGUE_CATEGORIES.indexOf(name)}`;
  const shown = category === ALL_CATEGORIES_LABEL ? CATALOGUE_CATEGORIES : [category];

  // Every main button makes something new: a request, a file source or a connected source.
  const act = (source: CatalogueSource) => {
    if (source.id === REQUEST_CUSTOM_API_ID) onRequestCustomApi();
    else if (source.isImport) onImport(source);
    else if (connectable(source)) onConnect(source);
  };

  return (
    <Stack spacing={3}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={category}
          onChange={(_event, value: CategoryChoice) => setCategory(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Source categories"
        >
          {CHOICES.map((choice) => (
            <Tab key={choice} value={choice} label={choice} id={tabId(choice)} aria-controls={panelId} />
          ))}
        </Tabs>
      </Box>
      <Stack spacing={4} role="tabpanel" id={panelId} aria-labelledby={tabId(category)}>
        {shown.map((name) => (
          <Box component="section" key={name} aria-labelledby={headingId(name)}>
            <Typography id={headingId(name)} variant="h6" component="h2" sx={{ mb: 2 }}>
              {name}
            </Typography>
            <Grid container spacing={2}>
              {sourcesIn(name).map((source) => (
                <Grid key={source.id} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
                  <CatalogueSourceCard
                    source={source}
                    connection={connectionOf(source)}
                    canManage={canManage}
                    connectable={connectable(source)}
                    onAction={act}
                    onShowConnected={onShowConnected}
                    onRequestConnector={onRequestCustomApi}
                  />
                </Grid>
              ))}
            </Grid>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
