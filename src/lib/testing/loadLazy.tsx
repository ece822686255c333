import { Component, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

function Loaded({ onLoaded }: { onLoaded: () => void }) {
  useEffect(onLoaded, [onLoaded]);
  return null;
}

/** Whatever the components do once loaded (outside their providers they may throw) is not the point here. */
class IgnoreFailures extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Loads React.lazy components (a feature's pages, as its index exports them) before a story
 * renders, so the story shows them at once, as the product does once they have been downloaded.
 * React loads a lazy component only by rendering it: they are rendered once, out of sight.
 */
export function loadLazy(...components: ComponentType[]): Promise<void> {
  const root = createRoot(document.createElement('div'), { onCaughtError: () => undefined });
  return new Promise<void>((resolve) => {
    const done = () => resolve();
    root.render(
      <IgnoreFailures fallback={<Loaded onLoaded={done} />}>
        <Suspense fallback={null}>
          {components.map((Lazy, index) => (
            <Lazy key={index} />
          ))}
          <Loaded onLoaded={done} />
        </Suspense>
      </IgnoreFailures>,
    );
  }).finally(() => root.unmount());
}
