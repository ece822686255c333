import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a module that exports its component by name rather than as its default. */
export function lazyExport<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
