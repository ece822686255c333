import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded component whose download can be started before it is first rendered. */
export type PreloadableComponent = LazyExoticComponent<ComponentType> & {
  /** Starts the download (once); rendering the component later uses it. */
  preload: () => void;
};

/** React.lazy for a module that exports its component by name rather than as its default. */
export function lazyExport<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): PreloadableComponent {
  let loading: Promise<Module> | undefined;
  const loadOnce = () => (loading ??= load());
  const component = lazy(async () => ({ default: (await loadOnce())[name] as ComponentType }));
  return Object.assign(component, {
    preload: () => {
      // A failed download is reported when the component renders; a later preload tries again.
      loadOnce().catch(() => {
        loading = undefined;
      });
    },
  });
}
