/**
 * Which of the Data Sources screen's dialogs is open, and for what. A dialog keeps its value after
 * it closes, so its closing transition still shows what it was about, and it stays mounted from
 * its first opening (its code is downloaded then). Everything changes in event handlers only.
 */
import { useCallback, useMemo, useReducer } from 'react';
import type { CatalogueSource } from '@domain/data/catalogue';
import type { CustomConnectorView } from '@domain/data/customConnectors';
import type { DataSource } from '@domain/data/sources';

export interface ConnectRequest {
  entry: CatalogueSource;
  /** A further source of an entry the company has: the name it is offered. */
  name?: string;
}

export interface ImportRequest {
  /** The import entry whose button opened it; null from the page's own "Import a file". */
  entry: CatalogueSource | null;
  /** A file source to import into again, or null for a new source. */
  source: DataSource | null;
  /** Counts the openings: each one starts the dialog afresh. */
  opening: number;
}

interface DialogValues {
  connect: ConnectRequest;
  /**
   * The source as opened: the dialog reads it from the list, so it shows the saved state, and
   * shows this if it has gone from the list while the dialog closes.
   */
  settings: DataSource;
  request: true;
  importFile: ImportRequest;
  remove: DataSource;
  addConnector: true;
  editConnector: CustomConnectorView;
}
export type DialogName = keyof DialogValues;

/** A dialog's state: `value` is undefined until its first opening. */
export type DialogsState = { [K in DialogName]: { open: boolean; value?: DialogValues[K] } };

type Opening = { [K in DialogName]: { type: 'open'; dialog: K; value: K extends 'importFile' ? Omit<ImportRequest, 'opening'> : DialogValues[K] } }[DialogName];
type DialogAction = Opening | { type: 'close'; dialog: DialogName };

const CLOSED = { open: false } as const;
const INITIAL: DialogsState = { connect: CLOSED, settings: CLOSED, request: CLOSED, importFile: CLOSED, remove: CLOSED, addConnector: CLOSED, editConnector: CLOSED };

function reducer(state: DialogsState, action: DialogAction): DialogsState {
  if (action.type === 'close') return { ...state, [action.dialog]: { ...state[action.dialog], open: false } };
  if (action.dialog === 'importFile') {
    const opening = (state.importFile.value?.opening ?? 0) + 1;
    return { ...state, importFile: { open: true, value: { ...action.value, opening } } };
  }
  return { ...state, [action.dialog]: { open: true, value: action.value } };
}

export function useSourceDialogs() {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const close = useCallback((dialog: DialogName) => dispatch({ type: 'close', dialog }), []);
  const open = useMemo(
    () => ({
      connect: (value: ConnectRequest) => dispatch({ type: 'open', dialog: 'connect', value }),
      settings: (source: DataSource) => dispatch({ type: 'open', dialog: 'settings', value: source }),
      request: () => dispatch({ type: 'open', dialog: 'request', value: true }),
      importFile: (value: Omit<ImportRequest, 'opening'>) => dispatch({ type: 'open', dialog: 'importFile', value }),
      remove: (source: DataSource) => dispatch({ type: 'open', dialog: 'remove', value: source }),
      addConnector: () => dispatch({ type: 'open', dialog: 'addConnector', value: true }),
      editConnector: (connector: CustomConnectorView) => dispatch({ type: 'open', dialog: 'editConnector', value: connector }),
    }),
    [],
  );
  return { dialogs: state, open, close };
}

export type SourceDialogs = ReturnType<typeof useSourceDialogs>;
